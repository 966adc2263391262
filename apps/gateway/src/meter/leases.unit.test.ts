import type { TrafficOwner } from '@resiport/contract';
import { describe, expect, it } from 'vitest';
import type { LeaseAnswer, ServerClient } from '../server-client';
import { Leases, type LeaseRefusal } from './leases';

const MB = 1_000_000;
const owner: TrafficOwner = { account_id: 1, subaccount_id: 2 };
const KEY = '1:2';
const flush = () => new Promise((resolve) => setImmediate(resolve));

function setup(answers: (LeaseAnswer | Error)[]) {
  let now = 1_000_000;
  const asks: number[] = [];
  const released: TrafficOwner[] = [];
  const cuts: [string, LeaseRefusal][] = [];
  const revoked: TrafficOwner[] = [];
  const client = {
    lease: (_owner: TrafficOwner, want: number) => {
      asks.push(want);
      const next = answers.shift() ?? new Error('no more answers');
      return next instanceof Error ? Promise.reject(next) : Promise.resolve(next);
    },
    release: (o: TrafficOwner) => {
      released.push(o);
      return Promise.resolve(0);
    },
  } as unknown as ServerClient;
  const leases = new Leases({
    client,
    minBytes: 16 * MB,
    maxBytes: 64 * MB,
    now: () => now,
    onCut: (key, reason) => cuts.push([key, reason]),
    onRevoked: (o) => revoked.push(o),
  });
  return { leases, asks, released, cuts, revoked, advance: (ms: number) => (now += ms) };
}
const grant = (bytes: number, revoked = false): LeaseAnswer => ({
  granted_bytes: bytes,
  revoked,
  expires_at: new Date().toISOString(),
});

describe('traffic leases', () => {
  it('asks for the bytes already spent beyond the credit too, so a fast download does not strand the owner', async () => {
    const { leases, asks, cuts, advance } = setup([grant(16 * MB), grant(16 * MB + 100 * MB)]);
    expect(await leases.acquire(owner, KEY)).toBeUndefined();
    advance(5000); // a slow first lease: the size stays 16 MB
    leases.spend(KEY, 116 * MB); // one tick of a loopback-speed download: 100 MB beyond the credit
    await flush();
    expect(asks).toEqual([16 * MB, 116 * MB]);
    expect(leases.creditOf(KEY)).toBe(16 * MB);
    expect(cuts).toEqual([]);
    expect(await leases.acquire(owner, KEY)).toBeUndefined();
  });

  it('reserves before the first tunnel, renews below a quarter, doubles while leases go fast', async () => {
    const { leases, asks, advance } = setup([grant(16 * MB), grant(32 * MB), grant(64 * MB), grant(64 * MB)]);
    expect(await leases.acquire(owner, KEY)).toBeUndefined();
    expect(asks).toEqual([16 * MB]);
    leases.spend(KEY, 11 * MB); // 5 MB left: above 4 MB
    expect(asks).toHaveLength(1);
    leases.spend(KEY, 2 * MB); // 3 MB left: renew; the lease lasted < 2 s → 32 MB
    await flush();
    expect(asks).toEqual([16 * MB, 32 * MB]);
    expect(leases.creditOf(KEY)).toBe(35 * MB);
    leases.spend(KEY, 30 * MB);
    await flush();
    expect(asks.at(-1)).toBe(64 * MB);
    advance(5000); // a slow lease: the size stays
    leases.spend(KEY, 60 * MB);
    await flush();
    expect(asks.at(-1)).toBe(64 * MB); // capped
  });

  it('refuses when nothing is left, remembers it for a second, cuts when the credit is gone', async () => {
    const { leases, asks, cuts, advance } = setup([grant(0), grant(1 * MB), grant(0)]);
    expect(await leases.acquire(owner, KEY)).toBe('no_traffic');
    expect(await leases.acquire(owner, KEY)).toBe('no_traffic');
    expect(asks).toHaveLength(1); // no second call within the dry second
    advance(1000);
    expect(await leases.acquire(owner, KEY)).toBeUndefined(); // 1 MB of the 16 MB asked: that was all
    cuts.length = 0; // (the refusals above "cut" an owner without tunnels: a no-op)
    leases.spend(KEY, 900_000); // below low water, but nothing more to ask for: no call, no cut
    await flush();
    expect([asks.length, cuts]).toEqual([2, []]);
    leases.spend(KEY, 2 * MB); // overspent within the dry second: cut without asking
    expect(cuts).toEqual([[KEY, 'no_traffic']]);
    advance(1000);
    leases.spend(KEY, 0); // later: ask once more (a top-up?); still nothing → cut
    await flush();
    expect(asks).toHaveLength(3);
    expect(cuts).toHaveLength(2);
  });

  it('cuts and forgets a revoked owner', async () => {
    const { leases, cuts, revoked } = setup([grant(16 * MB), grant(0, true)]);
    await leases.acquire(owner, KEY);
    leases.spend(KEY, 15 * MB);
    await flush();
    expect(revoked).toEqual([owner]);
    expect(cuts).toEqual([[KEY, 'disabled']]);
    expect(await leases.acquire(owner, KEY)).toBe('disabled');
  });

  it('fails closed when the server cannot be asked and the credit is gone', async () => {
    const { leases, cuts } = setup([new Error('down'), grant(1 * MB), new Error('down')]);
    expect(await leases.acquire(owner, KEY)).toBe('server_unavailable');
    expect(cuts).toEqual([[KEY, 'server_unavailable']]);
  });

  it('stops trusting a lease the server will have voided', async () => {
    const { leases, asks, advance } = setup([grant(16 * MB), grant(16 * MB)]);
    await leases.acquire(owner, KEY);
    advance(89_000);
    leases.touch([KEY]); // a usage report extends it
    advance(89_000);
    expect(await leases.acquire(owner, KEY)).toBeUndefined();
    expect(asks).toHaveLength(1);
    advance(91_000);
    expect(await leases.acquire(owner, KEY)).toBeUndefined();
    expect(asks).toHaveLength(2);
  });

  it('releases idle owners that asked, once', async () => {
    const { leases, released, advance } = setup([grant(16 * MB)]);
    await leases.acquire(owner, KEY);
    expect(leases.idle(30_000)).toEqual([]);
    advance(30_001);
    expect(leases.idle(30_000)).toEqual([KEY]);
    await leases.release(KEY);
    await leases.release(KEY);
    expect(released).toEqual([owner]);
    await leases.releaseAll();
    expect(released).toHaveLength(1);
  });
});
