import { describe, expect, it, vi } from 'vitest';
import type { Namespace } from '../locales/namespaces';
import type { LoadedMessages } from '../locales/types';
import { createIntlStore } from './intl-store';

const texts: Partial<Record<Namespace, LoadedMessages>> = {
  common: { 'common.copy': 'Copy' },
  auth: { 'auth.login.title': 'Sign in' },
  menu: { 'menu.dashboard': 'Dashboard' },
};

function fakeLoader() {
  return vi.fn((namespace: Namespace) => Promise.resolve(texts[namespace] ?? {}));
}

describe('intl store', () => {
  it('merges each load into one table and publishes a new IntlShape once per load', async () => {
    const load = fakeLoader();
    const published = vi.fn();
    const store = createIntlStore('en-US', load, published);
    const listener = vi.fn();
    store.subscribe(listener);

    await store.load(['common', 'auth']);
    const afterStart = store.current();
    expect(afterStart.formatMessage({ id: 'auth.login.title' })).toBe('Sign in');
    expect(listener).toHaveBeenCalledTimes(1);
    expect(published).toHaveBeenCalledWith(afterStart);

    await store.load(['menu', 'common']);
    expect(store.current()).not.toBe(afterStart);
    expect(store.current().formatMessage({ id: 'menu.dashboard' })).toBe('Dashboard');
    expect(store.current().formatMessage({ id: 'common.copy' })).toBe('Copy');
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('downloads a namespace once, and changes nothing when everything asked is already in', async () => {
    const load = fakeLoader();
    const store = createIntlStore('en-US', load);
    await Promise.all([store.load(['common']), store.load(['common', 'auth'])]);
    const before = store.current();
    await store.load(['auth', 'common']);
    expect(store.current()).toBe(before);
    expect(load.mock.calls.map(([namespace]) => namespace).sort()).toEqual(['auth', 'common']);
  });

  it('lets a failed download be tried again', async () => {
    const load = vi.fn<(namespace: Namespace) => Promise<LoadedMessages>>();
    load.mockRejectedValueOnce(new Error('chunk failed')).mockResolvedValueOnce({ 'menu.usage': 'Usage' });
    const store = createIntlStore('en-US', load);
    await expect(store.load(['menu'])).rejects.toThrow('chunk failed');
    await store.load(['menu']);
    expect(store.current().formatMessage({ id: 'menu.usage' })).toBe('Usage');
  });
});
