import type { TrafficOwner } from '@resiport/contract';
import { describe, expect, it } from 'vitest';
import type { LeaseAnswer, ServerClient } from '../server-client';
import { Leases, type LeaseRefusal } from './leases';

const MB = 1_000_000;
const owner: TrafficOwner = { account_id: 1, subaccount_id: 2 };
const KEY = '1:2';
const flush = () => new Promise((resolve) => setImmediate(resolve));

/** A lease state machine against scripted server answers, recording what it does to the tunnels. */
function setup(answers: (LeaseAnswer | Error)[], options: { tunnels?: boolean | (() => boolean) } = {}) {
  let now = 1_000_000;
  const asks: number[] = [];
  const released: TrafficOwner[] = [];
  const cuts: [string, LeaseRefusal][] = [];
  const revoked: TrafficOwner[] = [];
  const flow: string[] = [];
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
    minBytes: 1 * MB,
    maxBytes: 8 * MB,
    now: () => now,
    hold: () => flow.push('hold'),
    release: () => flow.push('release'),
    cut: (key, reason) => cuts.push([key, reason]),
    hasTunnels: () => (typeof options.tunnels === 'function' ? options.tunnels() : (options.tunnels ?? true)),
    onRevoked: (o) => revoked.push(o),
  });
  const credit = leases.of(owner, KEY);
  return { leases, credit, asks, released, cuts, revoked, flow, advance: (ms: number) => (now += ms) };
}

const LEASE_ID = 1;
const grant = (bytes: number, more = { exhausted: false, revoked: false, id: LEASE_ID }): LeaseAnswer => ({
  lease_id: more.id,
  granted_bytes: bytes,
  exhausted: more.exhausted,
  revoked: more.revoked,
  expires_at: new Date().toISOString(),
});
const last = (bytes: number) => grant(bytes, { exhausted: true, revoked: false, id: LEASE_ID });

describe('traffic credit', () => {
  it('reserves before the first tunnel, renews at half a lease, sized to the pace of use', async () => {
    const answers = [grant(1 * MB), grant(2.4 * MB), grant(8 * MB), grant(4 * MB)];
    const { leases, credit, asks, advance } = setup(answers);
    expect(await leases.acquire(owner, KEY)).toBeUndefined();
    expect(asks).toEqual([1 * MB]);
    credit.spend(400_000); // 600 kB left: above half
    expect(asks).toHaveLength(1);
    advance(500);
    credit.spend(200_000); // 400 kB left: renew; 600 kB in 0.5 s is 2.4 MB per 2 s (more than twice 1 MB)
    await flush();
    expect(asks).toEqual([1 * MB, 2.4 * MB]);
    expect(credit.credit).toBe(2.8 * MB);
    advance(10);
    credit.spend(2 * MB); // a loopback-speed owner: straight to the maximum, no doubling steps
    await flush();
    expect(asks.at(-1)).toBe(8 * MB);
    advance(30_000); // a slow lease: the next one is halved
    credit.spend(7 * MB);
    await flush();
    expect(asks.at(-1)).toBe(4 * MB);
  });

  it('holds the tunnels at zero until the renewal lands, then releases them', async () => {
    let answer: (value: LeaseAnswer) => void = () => undefined;
    const { leases, credit, flow, cuts } = setup([grant(1 * MB)]);
    await leases.acquire(owner, KEY);
    const client = (leases as unknown as { options: { client: ServerClient } }).options.client;
    client.lease = () => new Promise((resolve) => (answer = resolve));
    credit.spend(1 * MB + 65_536); // one chunk past zero
    expect(flow).toEqual(['hold']);
    credit.spend(10); // a late byte while held (a handshake reply): no second hold, no second call
    expect(flow).toEqual(['hold']);
    answer(grant(2 * MB));
    await flush();
    expect(flow).toEqual(['hold', 'release']);
    expect(credit.credit).toBe(2 * MB - 65_546);
    expect(cuts).toEqual([]);
  });

  it('asks for the bytes spent beyond the credit too, so a fast owner is not left in debt', async () => {
    const { leases, credit, asks, advance } = setup([grant(1 * MB), grant(1 * MB + 65_536)]);
    await leases.acquire(owner, KEY);
    advance(5000);
    credit.spend(1 * MB + 65_536);
    await flush();
    expect(asks).toEqual([1 * MB, 1 * MB + 65_536]);
    expect(credit.credit).toBe(1 * MB);
  });

  it('closes the tunnels when the server has nothing more, and refuses for a second', async () => {
    const { leases, credit, asks, cuts, flow, advance } = setup([
      last(1 * MB),
      grant(0, { exhausted: true, revoked: false, id: 1 }),
    ]);
    expect(await leases.acquire(owner, KEY)).toBeUndefined();
    credit.spend(900_000); // below half, but the server said that was all: no call
    await flush();
    expect(asks).toHaveLength(1);
    credit.spend(100_000 + 4096); // gone within the dry second: held and cut without asking
    expect(flow).toEqual(['hold']);
    expect(cuts).toEqual([[KEY, 'no_traffic']]);
    expect(await leases.acquire(owner, KEY)).toBe('no_traffic');
    expect(asks).toHaveLength(1);
    advance(1000); // later: ask once more (a top-up?); still nothing
    expect(await leases.acquire(owner, KEY)).toBe('no_traffic');
    expect(asks).toHaveLength(2);
  });

  it('lets an owner topped up in small steps pay its debt before moving again', async () => {
    // 1 kB at a time: a chunk past zero is asked for (debt) and each new kilobyte goes to it.
    const answers = [last(1000), last(1000), last(1000)];
    const { leases, credit, asks, cuts, advance } = setup(answers);
    await leases.acquire(owner, KEY);
    credit.spend(65_536); // the first chunk: 64.5 kB beyond
    expect(cuts).toHaveLength(1);
    advance(1000);
    expect(await leases.acquire(owner, KEY)).toBe('no_traffic'); // 1 kB more does not cover the debt
    expect(asks[1]).toBe(2 * MB + 64_536); // twice the size (the first lease went fast) + the debt
    advance(1000);
    expect(await leases.acquire(owner, KEY)).toBe('no_traffic');
    expect(credit.credit).toBe(3000 - 65_536);
  });

  it('drops the credit of a voided lease at once and renews for the open tunnels', async () => {
    const { leases, credit, asks, flow } = setup([
      grant(1 * MB, { exhausted: false, revoked: false, id: 7 }),
      grant(3 * MB, { exhausted: false, revoked: false, id: 8 }),
    ]);
    await leases.acquire(owner, KEY);
    leases.voided((o) => o.subaccount_id === 2, 6); // an older lease: nothing to drop
    expect(credit.credit).toBe(1 * MB);
    leases.voided((o) => o.subaccount_id === 2, 7);
    expect(credit.credit).toBe(0);
    await Promise.resolve(); // the renewal waits for the rest of the feed page
    expect(flow).toEqual(['hold']);
    await flush();
    expect(asks).toHaveLength(2);
    expect([credit.credit, credit.leaseId, flow]).toEqual([3 * MB, 8, ['hold', 'release']]);
  });

  it('asks nothing for a voided owner whose tunnels the same feed page cut (a new password)', async () => {
    let tunnels = true;
    const { leases, credit, asks, flow } = setup(
      [grant(1 * MB, { exhausted: false, revoked: false, id: 7 })],
      {
        tunnels: () => tunnels,
      },
    );
    await leases.acquire(owner, KEY);
    leases.voided((o) => o.subaccount_id === 2, 7);
    tunnels = false; // the sub-account event after the void, in the same turn
    await flush();
    expect([asks, credit.credit, flow]).toEqual([[1 * MB], 0, []]);
  });

  it('ignores a grant to a lease the feed already voided (the answer came late)', async () => {
    let answer: (value: LeaseAnswer) => void = () => undefined;
    const { leases, credit } = setup([grant(1 * MB, { exhausted: false, revoked: false, id: 9 })]);
    await leases.acquire(owner, KEY);
    const client = (leases as unknown as { options: { client: ServerClient } }).options.client;
    client.lease = () => new Promise((resolve) => (answer = resolve));
    credit.spend(600_000); // renewal on its way
    leases.voided(() => true, 9);
    answer(grant(2 * MB, { exhausted: false, revoked: false, id: 9 }));
    await flush();
    expect(credit.credit).toBe(0);
  });

  it('cuts and forgets a revoked owner', async () => {
    const { leases, credit, cuts, revoked } = setup([
      grant(1 * MB),
      grant(0, { exhausted: true, revoked: true, id: 1 }),
    ]);
    await leases.acquire(owner, KEY);
    credit.spend(900_000);
    await flush();
    expect(revoked).toEqual([owner]);
    expect(cuts).toEqual([[KEY, 'disabled']]);
    expect(await leases.acquire(owner, KEY)).toBe('disabled');
  });

  it('fails closed when the server cannot be asked and the credit is gone', async () => {
    const { leases, cuts } = setup([new Error('down')]);
    expect(await leases.acquire(owner, KEY)).toBe('server_unavailable');
    expect(cuts).toEqual([[KEY, 'server_unavailable']]);
  });

  it('stops trusting a lease the server will have voided', async () => {
    const { leases, asks, advance } = setup([grant(1 * MB), grant(1 * MB)]);
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

  it('refunds bytes billed below what was spent (an aborted download) and releases a hold', async () => {
    const { leases, credit, flow } = setup([grant(1 * MB)]);
    await leases.acquire(owner, KEY);
    const client = (leases as unknown as { options: { client: ServerClient } }).options.client;
    client.lease = () => new Promise(() => undefined); // the renewal hangs
    credit.spend(1 * MB); // held: but the client never got the last chunk
    expect(flow).toEqual(['hold']);
    credit.adjust(65_536);
    expect([credit.credit, flow]).toEqual([65_536, ['hold', 'release']]);
  });

  it('releases idle owners that asked, once', async () => {
    const { leases, released, advance } = setup([grant(1 * MB)], { tunnels: false });
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
