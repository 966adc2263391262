import type { Exit } from '@resiport/contract';
import { describe, expect, it } from 'vitest';
import { ExitPool, exitMatches } from './pool';
import { rendezvousOrder, sessionGeneration } from './sticky';

const exit = (id: string, tags: Partial<Exit> = {}): Exit => ({ id, type: 'direct', weight: 1, ...tags });
const pool = {
  exits: [
    exit('us-ny', { country: 'us', state: 'new_york', city: 'new_york' }),
    exit('us-any', { country: 'us' }),
    exit('de-berlin', { country: 'de', city: 'berlin' }),
    exit('anywhere'),
  ],
};

describe('exit pool', () => {
  it('matches a location: an exit without a tag serves every value of it', () => {
    expect(exitMatches(exit('x'), { country: 'fr', city: 'paris' })).toBe(true);
    expect(exitMatches(exit('x', { country: 'us' }), { country: 'us', city: 'boston' })).toBe(true);
    expect(exitMatches(exit('x', { country: 'us', city: 'new_york' }), { city: 'boston' })).toBe(false);
    const ids = (target: object) =>
      new ExitPool(pool, 30_000)
        .candidates({ target, ownerKey: '1:2' })
        .map((e) => e.id)
        .sort();
    expect(ids({ country: 'us' })).toEqual(['anywhere', 'us-any', 'us-ny']);
    expect(ids({ country: 'us', city: 'boston' })).toEqual(['anywhere', 'us-any']);
    expect(ids({ city: 'berlin' })).toEqual(['anywhere', 'de-berlin', 'us-any']);
    expect(ids({})).toHaveLength(4);
  });

  it('has no candidates for a location nobody serves (no silent fallback)', () => {
    const tagged = new ExitPool({ exits: [exit('us', { country: 'us' })] }, 30_000);
    expect(tagged.candidates({ target: { country: 'de' }, ownerKey: '1:2' })).toEqual([]);
  });

  it('rotates by weight', () => {
    const weighted = new ExitPool({ exits: [exit('heavy', { weight: 3 }), exit('light')] }, 30_000);
    const counts = { heavy: 0, light: 0 };
    for (let i = 0; i < 4000; i++) {
      const first = weighted.candidates({ target: {}, ownerKey: '1:2' })[0]?.id as 'heavy' | 'light';
      counts[first]++;
    }
    expect(counts.heavy / 4000).toBeGreaterThan(0.7);
    expect(counts.heavy / 4000).toBeLessThan(0.8);
  });

  it('keeps a sticky session on one exit for its time, then (usually) moves it', () => {
    let now = 0;
    const sticky = new ExitPool(
      { exits: Array.from({ length: 8 }, (_, i) => exit(`e${i}`)) },
      30_000,
      () => now,
    );
    const first = (id: string, minutes = 10) =>
      sticky.candidates({ target: {}, ownerKey: '1:2', session: { id, minutes } })[0]?.id;
    const chosen = first('abc');
    for (let i = 0; i < 20; i++) {
      now += 29_000; // 20 × 29 s = 9 min 40 s: still the first 10-minute window
      expect(first('abc')).toBe(chosen);
    }
    const spread = new Set(Array.from({ length: 50 }, (_, i) => first(`s${i}`)));
    expect(spread.size).toBeGreaterThan(4); // sessions spread over the exits
    const generations = new Set(Array.from({ length: 20 }, (_, g) => ((now = g * 600_000), first('abc'))));
    expect(generations.size).toBeGreaterThan(1);
    expect(sessionGeneration({ id: 'x', minutes: 10 }, 1_199_999)).toBe(1);
  });

  it('moves only the sessions of a removed exit (rendezvous hashing)', () => {
    const exits = Array.from({ length: 6 }, (_, i) => exit(`e${i}`));
    const without = exits.filter((e) => e.id !== 'e3');
    for (let i = 0; i < 200; i++) {
      const before = rendezvousOrder(exits, `k${i}`)[0]?.id;
      const after = rendezvousOrder(without, `k${i}`)[0]?.id;
      if (before !== 'e3') expect(after).toBe(before);
    }
  });

  it('tries a resting exit last, for 30 s', () => {
    let now = 0;
    const twoExits = new ExitPool(
      { exits: [exit('a'), exit('b')] },
      30_000,
      () => now,
      () => 0,
    );
    expect(twoExits.candidates({ target: {}, ownerKey: 'k' }).map((e) => e.id)).toEqual(['a', 'b']);
    twoExits.rest(exit('a'));
    expect(twoExits.candidates({ target: {}, ownerKey: 'k' }).map((e) => e.id)).toEqual(['b', 'a']);
    now = 30_001;
    expect(twoExits.candidates({ target: {}, ownerKey: 'k' }).map((e) => e.id)).toEqual(['a', 'b']);
  });
});
