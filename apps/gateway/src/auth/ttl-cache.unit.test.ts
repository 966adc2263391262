import { describe, expect, it } from 'vitest';
import { TtlCache } from './ttl-cache';

describe('ttl cache', () => {
  it('shares one lookup between concurrent callers and keeps the answer for its lifetime', async () => {
    let now = 0;
    let calls = 0;
    const cache = new TtlCache<string>(
      (v) => (v === 'yes' ? 60_000 : 5000),
      () => now,
    );
    const load = () => Promise.resolve((calls++, 'yes'));
    expect(await Promise.all([cache.get('k', load), cache.get('k', load), cache.get('k', load)])).toEqual([
      'yes',
      'yes',
      'yes',
    ]);
    expect(calls).toBe(1);
    now = 59_999;
    await cache.get('k', load);
    expect(calls).toBe(1);
    now = 60_000;
    await cache.get('k', load);
    expect(calls).toBe(2);
  });

  it('peeks at a fresh value without a lookup, and at nothing once it expired', async () => {
    let now = 0;
    const cache = new TtlCache<number>(
      () => 1000,
      () => now,
    );
    expect(cache.peek('k')).toBeUndefined();
    await cache.get('k', () => Promise.resolve(5));
    expect(cache.peek('k')).toBe(5);
    now = 1000;
    expect(cache.peek('k')).toBeUndefined();
  });

  it('does not store an answer that was in flight when the key was deleted', async () => {
    const cache = new TtlCache<number>(() => 60_000);
    let release: (v: number) => void = () => undefined;
    const first = cache.get('k', () => new Promise<number>((r) => (release = r)));
    cache.delete('k');
    release(1);
    expect(await first).toBe(1);
    expect(await cache.get('k', () => Promise.resolve(2))).toBe(2);
  });

  it('forgets matching values, and a failed lookup is not cached', async () => {
    const cache = new TtlCache<{ account: number }>(() => 60_000);
    await cache.get('a', () => Promise.resolve({ account: 1 }));
    await cache.get('b', () => Promise.resolve({ account: 2 }));
    cache.deleteWhere((v) => v.account === 1);
    expect(cache.size).toBe(1);
    await expect(cache.get('c', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('c', () => Promise.resolve({ account: 3 }))).toEqual({ account: 3 });
  });
});
