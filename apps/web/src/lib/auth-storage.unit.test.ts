import { describe, expect, it } from 'vitest';
import {
  clearSession,
  forgetSessionEnded,
  isSafeLocalPath,
  peekPendingNavigation,
  peekSessionEnded,
  readAuthData,
  readCachedUserInfo,
  savePendingNavigation,
  saveSessionEnded,
  storageKeys,
  takePendingNavigation,
  toHref,
  writeAuthData,
  writeCachedUserInfo,
} from './auth-storage';
import { memoryStorage } from './memory-storage';

const user = {
  id: 1,
  email: 'a@b.c',
  balance_cents: 0,
  traffic_left_bytes: 0,
  traffic_used_bytes: 0,
  subaccounts_traffic_left_bytes: 0,
  subaccounts_count: 0,
  subaccounts_empty_count: 0,
  lang: 'en-us' as const,
  has_api_token: false,
  has_password: true,
  created_at: '2026-01-01T00:00:00.000Z',
  access: { name: 'dontHaveAccess' as const },
};

describe('auth storage', () => {
  it('uses the product storage keys verbatim', () => {
    expect(storageKeys).toEqual({
      auth: 'userAuthData',
      userInfo: 'userInfo',
      pendingNavigation: 'storagePush',
      locale: 'umi_locale',
      sessionEnded: 'sessionEnded',
    });
  });

  it('keeps why a session ended until it is forgotten, and nothing for an empty reason', () => {
    const storage = memoryStorage();
    saveSessionEnded(storage, '');
    expect(peekSessionEnded(storage)).toBeNull();
    saveSessionEnded(storage, 'You were signed out from another device; please sign in again');
    expect(peekSessionEnded(storage)).toBe('You were signed out from another device; please sign in again');
    forgetSessionEnded(storage);
    expect(peekSessionEnded(storage)).toBeNull();
  });

  it('round-trips login data and the cached user, and clears both', () => {
    const storage = memoryStorage();
    writeAuthData(storage, { jwt_token: 't', expire_at: 5 });
    writeCachedUserInfo(storage, user);
    expect(JSON.parse(storage.dump().userAuthData ?? '')).toEqual({ jwt_token: 't', expire_at: 5 });
    expect(readAuthData(storage)).toEqual({ jwt_token: 't', expire_at: 5 });
    expect(readCachedUserInfo(storage)).toEqual(user);
    clearSession(storage);
    expect(storage.dump()).toEqual({});
  });

  it('ignores stored values that are not valid', () => {
    expect(readAuthData(memoryStorage({ userAuthData: 'not json' }))).toBeNull();
    expect(readAuthData(memoryStorage({ userAuthData: '{"jwt_token":1}' }))).toBeNull();
    expect(readAuthData(memoryStorage())).toBeNull();
  });

  it('keeps a pending navigation once and refuses foreign targets', () => {
    const storage = memoryStorage();
    savePendingNavigation(storage, { path: '/usage', search: '?page=2' });
    expect(peekPendingNavigation(storage)).toEqual({ path: '/usage', search: '?page=2' });
    expect(takePendingNavigation(storage)).toEqual({ path: '/usage', search: '?page=2' });
    expect(takePendingNavigation(storage)).toBeNull();

    savePendingNavigation(storage, { path: '//evil.example', search: '' });
    expect(takePendingNavigation(storage)).toBeNull();
    expect(takePendingNavigation(memoryStorage({ storagePush: '{"path":"https://x"}' }))).toBeNull();
  });

  it('builds hrefs and recognises local paths', () => {
    expect(toHref({ path: '/a', search: '' })).toBe('/a');
    expect(toHref({ path: '/a', search: '?b=1' })).toBe('/a?b=1');
    expect(toHref({ path: '/a', search: 'b=1' })).toBe('/a?b=1');
    expect(isSafeLocalPath('/a')).toBe(true);
    expect(isSafeLocalPath('//a')).toBe(false);
    expect(isSafeLocalPath('/\\a')).toBe(false);
    expect(isSafeLocalPath('a')).toBe(false);
  });
});
