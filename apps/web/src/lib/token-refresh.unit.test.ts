import { describe, expect, it, vi } from 'vitest';
import { readAuthData, writeAuthData } from './auth-storage';
import { memoryStorage } from './memory-storage';
import { isRefreshDue, refreshIfDue } from './token-refresh';

const fresh = { jwt_token: 'new', expire_at: 9_999 };

describe('refreshIfDue', () => {
  it('compares expire_at in seconds with the clock in milliseconds', () => {
    expect(isRefreshDue({ jwt_token: 'x', expire_at: 100 }, 99_999)).toBe(false);
    expect(isRefreshDue({ jwt_token: 'x', expire_at: 100 }, 100_000)).toBe(true);
  });

  it('does nothing when signed out or not yet due', async () => {
    const refresh = vi.fn(async () => fresh);
    expect(await refreshIfDue({ storage: memoryStorage(), now: () => 0, refresh })).toBe('signedOut');
    const storage = memoryStorage();
    writeAuthData(storage, { jwt_token: 'old', expire_at: 100 });
    expect(await refreshIfDue({ storage, now: () => 50_000, refresh })).toBe('notDue');
    expect(refresh).not.toHaveBeenCalled();
  });

  it('replaces the stored login data once expire_at has passed', async () => {
    const storage = memoryStorage();
    writeAuthData(storage, { jwt_token: 'old', expire_at: 100 });
    expect(await refreshIfDue({ storage, now: () => 100_000, refresh: async () => fresh })).toBe('refreshed');
    expect(readAuthData(storage)).toEqual(fresh);
  });

  it('keeps the session on failure and never revives a signed-out one', async () => {
    const storage = memoryStorage();
    writeAuthData(storage, { jwt_token: 'old', expire_at: 100 });
    const failing = async () => Promise.reject(new Error('offline'));
    expect(await refreshIfDue({ storage, now: () => 200_000, refresh: failing })).toBe('failed');
    expect(readAuthData(storage)?.jwt_token).toBe('old');

    const signOutMeanwhile = async () => {
      storage.removeItem('userAuthData');
      return fresh;
    };
    expect(await refreshIfDue({ storage, now: () => 200_000, refresh: signOutMeanwhile })).toBe('signedOut');
    expect(readAuthData(storage)).toBeNull();
  });
});
