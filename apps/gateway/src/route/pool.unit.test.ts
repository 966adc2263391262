import type { Exit } from '@resiport/contract';
import { describe, expect, it } from 'vitest';
import { ExitPool, exitMatches } from './pool';
import { rendezvousOrder, stickyKey } from './sticky';

const exit = (id: string, tags: Partial<Exit> = {}): Exit => ({ id, type: 'direct', weight: 1, ...tags });
const pool = {
  exits: [
    exit('us-ny', { country: 'us', state: 'new_york', city: 'new_york' }),
    exit('us-any', { country: 'us' }),
    exit('de-berlin', { country: 'de', city: 'berlin' }),
    exit('provider', { type: 'http', host: 'p', port: 1, forward_targeting: true }),
    exit('provider-fr', { type: 'http', host: 'p', port: 1, forward_targeting: true, country: 'fr' }),
    exit('anywhere'),
  ],
};
const ids = (target: object) =>
  new ExitPool(pool, 30_000)
    .candidates(target)
    .map((e) => e.id)
    .sort();

describe('exit pool', () => {
  it('serves a requested place only from an exit tagged with it (an untagged exit serves no place)', () => {
    expect(exitMatches(exit('x'), { country: 'fr' })).toBe(false);
    expect(exitMatches(exit('x', { country: 'us' }), { country: 'us', city: 'boston' })).toBe(false);
    expect(exitMatches(exit('x', { country: 'us', city: 'new_york' }), { country: 'us' })).toBe(true);
    expect(ids({ country: 'us' })).toEqual(['provider', 'us-any', 'us-ny']);
    expect(ids({ country: 'us', state: 'new_york' })).toEqual(['provider', 'us-ny']);
    expect(ids({ country: 'us', city: 'boston' })).toEqual(['provider']);
    expect(ids({ country: 'de', city: 'berlin' })).toEqual(['de-berlin', 'provider']);
    expect(ids({})).toHaveLength(6);
  });

  it('lets a forward_targeting exit serve any value of what it does not tag (its upstream decides)', () => {
    expect(ids({ country: 'fr', city: 'lyon' })).toEqual(['provider', 'provider-fr']);
    expect(ids({ country: 'jp', state: 'tokyo' })).toEqual(['provider']);
    const fr = exit('fr', { type: 'http', host: 'p', port: 1, forward_targeting: true, country: 'fr' });
    expect(exitMatches(fr, { country: 'de' })).toBe(false);
  });

  it('has no candidates for a location nobody serves (no silent fallback)', () => {
    const tagged = new ExitPool({ exits: [exit('us', { country: 'us' })] }, 30_000);
    expect(tagged.candidates({ country: 'de' })).toEqual([]);
    expect(tagged.serves({ country: 'de' })).toBe(false);
    expect(tagged.serves({ country: 'us' })).toBe(true);
    const byDefault = new ExitPool({ exits: [exit('direct')] }, 30_000);
    expect(byDefault.serves({})).toBe(true);
    expect(byDefault.serves({ country: 'us' })).toBe(false);
  });

  it('rotates by weight', () => {
    const weighted = new ExitPool({ exits: [exit('heavy', { weight: 3 }), exit('light')] }, 30_000);
    const counts = { heavy: 0, light: 0 };
    for (let i = 0; i < 4000; i++) {
      const first = weighted.candidates({})[0]?.id as 'heavy' | 'light';
      counts[first]++;
    }
    expect(counts.heavy / 4000).toBeGreaterThan(0.7);
    expect(counts.heavy / 4000).toBeLessThan(0.8);
  });

  it('keeps a session on one exit per epoch; sessions spread; a new epoch (usually) moves it', () => {
    const sticky = new ExitPool({ exits: Array.from({ length: 8 }, (_, i) => exit(`e${i}`)) }, 30_000);
    const first = (session: string, epoch = '1') =>
      sticky.candidates({}, stickyKey('1:2', session, epoch))[0]?.id;
    const chosen = first('abc');
    for (let i = 0; i < 20; i++) expect(first('abc')).toBe(chosen);
    const spread = new Set(Array.from({ length: 50 }, (_, i) => first(`s${i}`)));
    expect(spread.size).toBeGreaterThan(4);
    const epochs = new Set(Array.from({ length: 20 }, (_, e) => first('abc', String(e + 1))));
    expect(epochs.size).toBeGreaterThan(1);
    expect(stickyKey('1:main', 'abc', '42')).toBe('1:main:abc:42');
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
    expect(twoExits.candidates({}).map((e) => e.id)).toEqual(['a', 'b']);
    twoExits.rest(exit('a'));
    expect(twoExits.candidates({}).map((e) => e.id)).toEqual(['b', 'a']);
    now = 30_001;
    expect(twoExits.candidates({}).map((e) => e.id)).toEqual(['a', 'b']);
  });

  it('keeps every sticky session on its exit across unrelated pool changes (decision 030)', () => {
    const us = Array.from({ length: 6 }, (_, i) =>
      exit(`us-${i}`, { country: 'us', type: 'http', host: 'h', port: 1 }),
    );
    const live = new ExitPool({ exits: [...us, exit('de', { country: 'de' })] }, 30_000);
    const chosen = (session: number) =>
      live.candidates({ country: 'us' }, stickyKey('1:2', `s${session}`, '7'))[0]?.id;
    const before = Array.from({ length: 200 }, (_, i) => chosen(i));
    const reloads = [
      // The same pool again (any console change elsewhere reloads it).
      [...us, exit('de', { country: 'de' })],
      // An exit of another country added, one removed.
      [...us, exit('gb', { country: 'gb' })],
      // The session's own exits get new credentials and a new port.
      [
        ...us.map((e) => ({ ...e, port: 2, username: 'u', password: 'rotated' })),
        exit('gb', { country: 'gb' }),
      ],
    ];
    for (const exits of reloads) {
      live.replace({ exits });
      expect(Array.from({ length: 200 }, (_, i) => chosen(i))).toEqual(before);
    }
    // Disabling one exit moves only the sessions it carried.
    live.replace({ exits: us.filter((e) => e.id !== 'us-3') });
    const after = Array.from({ length: 200 }, (_, i) => chosen(i));
    after.forEach((id, i) => {
      if (before[i] !== 'us-3') expect(id).toBe(before[i]);
      else expect(id).not.toBe('us-3');
    });
  });

  it('keeps a resting exit resting across a reload, unless its address changed or it left', () => {
    const now = 0;
    const live = new ExitPool(
      { exits: [exit('a'), exit('b', { type: 'http', host: 'h', port: 1 }), exit('c')] },
      30_000,
      () => now,
    );
    for (const id of ['a', 'b', 'c']) live.rest(exit(id));
    live.replace({ exits: [exit('a'), exit('b', { type: 'http', host: 'h', port: 2 })] });
    expect([live.restingMs('a'), live.restingMs('b'), live.restingMs('c')]).toEqual([30_000, 0, 0]);
    live.replace({ exits: [exit('a'), exit('c')] });
    expect(live.restingMs('c')).toBe(0);
  });

  it('draws only the exits a connection may try, still by weight, resting ones last', () => {
    const exits = Array.from({ length: 50 }, (_, i) => exit(`e${i}`, { weight: i === 7 ? 50 : 1 }));
    const big = new ExitPool({ exits }, 30_000);
    const firsts = new Map<string, number>();
    for (let i = 0; i < 2000; i++) {
      const three = big.candidates({}, undefined, 3);
      expect(new Set(three.map((e) => e.id)).size).toBe(3);
      const id = three[0]?.id ?? '';
      firsts.set(id, (firsts.get(id) ?? 0) + 1);
    }
    // e7 weighs 50 of 99: it comes first about half the time, any other about 1 in 99.
    expect(firsts.get('e7') ?? 0).toBeGreaterThan(850);
    expect(firsts.get('e7') ?? 0).toBeLessThan(1150);
    for (const e of exits.slice(0, 49)) big.rest(e);
    expect(big.candidates({}, undefined, 3).map((e) => e.id)[0]).toBe('e49');
  });

  it('ranks one session id used with two countries by each country, and follows a new pool at once', () => {
    const live = new ExitPool(
      {
        exits: [
          exit('us-1', { country: 'us' }),
          exit('us-2', { country: 'us' }),
          exit('de-1', { country: 'de' }),
        ],
      },
      30_000,
    );
    const key = stickyKey('1:2', 'same', '7');
    expect(live.candidates({ country: 'us' }, key)[0]?.id).toMatch(/^us-/);
    expect(live.candidates({ country: 'de' }, key).map((e) => e.id)).toEqual(['de-1']);
    expect(live.serves({ country: 'fr' })).toBe(false);
    live.replace({ exits: [exit('fr-1', { country: 'fr' }), exit('de-2', { country: 'de' })] });
    expect(live.serves({ country: 'fr' })).toBe(true);
    expect(live.serves({ country: 'us' })).toBe(false);
    expect(live.candidates({ country: 'de' }, key).map((e) => e.id)).toEqual(['de-2']);
  });
});
