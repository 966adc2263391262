import type { Exit } from '@resiport/contract';
import type { Gateway } from '@resiport/gateway';
import {
  basic,
  closeServer,
  httpConnect,
  rendezvousOrder,
  roundTrip,
  startEchoServer,
  startUpstreamHttpProxy,
  stickyKey,
} from '@resiport/gateway/testing';
import { createTestApp, type TestApp } from '@resiport/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerWithSub as createCustomer } from './support/customers';
import { startGatewayFor } from './support/gateways';

const EXITS = 6;

/**
 * Sticky sessions keep their promise across processes (decision 016): two gateway instances on the
 * real server (real SQL) give a session one exit from its first use until its sesstime ends, then a
 * new epoch; each session on its own schedule. The clocks move instead of the test sleeping: both
 * gateways' `deps.now` and the server's `ctx.clock`, together.
 */
describe('sticky sessions across gateway processes, on the real server', () => {
  let t: TestApp;
  let echo: Awaited<ReturnType<typeof startEchoServer>>;
  const upstreams: Awaited<ReturnType<typeof startUpstreamHttpProxy>>[] = [];
  let exits: Exit[];
  const gateways: Gateway[] = [];
  let offsetMs = 0;
  const gatewayNow = () => Date.now() + offsetMs;
  /** Moves every clock: both gateways' and the server's. */
  const advance = (seconds: number) => {
    offsetMs += seconds * 1000;
    t.advanceClock(seconds);
  };
  let customer: { username: string; ownerKey: string; subId: number; accountId: number };

  beforeAll(async () => {
    t = await createTestApp({}, { listen: true });
    echo = await startEchoServer();
    for (let i = 0; i < EXITS; i++) upstreams.push(await startUpstreamHttpProxy(`exit-${i}`));
    exits = upstreams.map((u, i) => ({
      id: `exit-${i}`,
      type: 'http',
      host: '127.0.0.1',
      port: u.port,
      weight: 1,
    }));
    for (const instanceId of ['sticky-a', 'sticky-b']) {
      const options = { config: { pool: { exits } }, deps: { now: gatewayNow } };
      gateways.push(await startGatewayFor(t, instanceId, {}, options));
    }
    const { id, username, subId } = await createCustomer(t, 500, 'Sticky-pass.1');
    customer = { username, subId, accountId: id, ownerKey: `${id}:${subId}` };
  });
  afterAll(async () => {
    await Promise.all(gateways.map((g) => g.close()));
    await Promise.all([echo, ...upstreams].map((s) => closeServer(s)));
    await t.close();
  });

  /** The exit that carried one tunnel of this session through gateway `which`. */
  const exitVia = async (which: 0 | 1, session: string) => {
    const gateway = gateways[which];
    if (!gateway) throw new Error('no gateway');
    const before = upstreams.map((u) => u.connects.length);
    const res = await httpConnect(
      gateway.httpPort,
      `127.0.0.1:${echo.port}`,
      basic(`${customer.username}-session-${session}-sesstime-1`, 'Sticky-pass.1'),
    );
    expect(res.status).toBe(200);
    expect((await roundTrip(res.socket, Buffer.from('x'))).toString()).toBe('x');
    res.socket.destroy();
    const used = upstreams.flatMap((u, i) => (u.connects.length > (before[i] ?? 0) ? [`exit-${i}`] : []));
    expect(used).toHaveLength(1);
    return used[0];
  };
  /** Both gateways, asked in turn: the exit they agree on (the test fails if they do not). */
  const agreedExit = async (session: string) => {
    const a = await exitVia(0, session);
    const b = await exitVia(1, session);
    expect([session, b]).toEqual([session, a]);
    return a;
  };
  const epochOf = async (session: string) =>
    (
      await t.ctx.db
        .selectFrom('proxy_sessions')
        .select('epoch')
        .where('subaccount_id', '=', customer.subId)
        .where('session_id', '=', session)
        .executeTakeFirstOrThrow()
    ).epoch;
  /** The exit rendezvous hashing gives the session's epoch as the server keeps it. */
  const hashedExit = async (session: string) =>
    rendezvousOrder(exits, stickyKey(customer.ownerKey, session, String(await epochOf(session))))[0]?.id;

  it('keeps a session on one exit on both instances from its first use to just before sesstime ends, then a new epoch; sessions started at different times rotate at different times', async () => {
    // Session A starts now (t = 0 s): both instances agree, on the exit the server's epoch hashes to.
    const firstA = await agreedExit('sessA');
    const epochA = await epochOf('sessA');
    expect(firstA).toBe(await hashedExit('sessA'));

    advance(30); // t = 30 s: session B's first use
    const firstB = await agreedExit('sessB');
    const epochB = await epochOf('sessB');
    expect(firstB).toBe(await hashedExit('sessB'));
    expect(await agreedExit('sessA')).toBe(firstA);

    advance(28); // t = 58 s: A is still in its first minute on both instances
    expect(await agreedExit('sessA')).toBe(firstA);
    expect(await agreedExit('sessB')).toBe(firstB);
    expect(await epochOf('sessA')).toBe(epochA);

    advance(3); // t = 61 s: A ended and starts a new epoch; B (started at 30 s) has not
    await agreedExit('sessA');
    expect(await epochOf('sessA')).not.toBe(epochA);
    expect(await exitVia(0, 'sessA')).toBe(await hashedExit('sessA'));
    expect(await agreedExit('sessB')).toBe(firstB);
    expect(await epochOf('sessB')).toBe(epochB);

    advance(27); // t = 88 s: B still in its first minute
    expect(await agreedExit('sessB')).toBe(firstB);
    expect(await epochOf('sessB')).toBe(epochB);

    advance(3); // t = 91 s: now B rotates too
    await agreedExit('sessB');
    expect(await epochOf('sessB')).not.toBe(epochB);
    expect(await exitVia(1, 'sessB')).toBe(await hashedExit('sessB'));
  });

  it('spreads sessions over the exits, and rotating lines still pick per connection', async () => {
    const chosen = new Set<string | undefined>();
    for (let i = 0; i < 10; i++) chosen.add(await agreedExit(`spread${i}`));
    expect(chosen.size).toBeGreaterThan(1);
    const rows = async () =>
      (await t.ctx.db.selectFrom('proxy_sessions').select('session_id').execute()).length;
    const sessionsBefore = await rows();
    const rotating = new Set<string>();
    for (let i = 0; i < 16; i++) {
      const before = upstreams.map((u) => u.connects.length);
      const res = await httpConnect(
        gateways[0]?.httpPort ?? 0,
        `127.0.0.1:${echo.port}`,
        basic(customer.username, 'Sticky-pass.1'),
      );
      expect(res.status).toBe(200);
      await roundTrip(res.socket, Buffer.from('x'));
      res.socket.destroy();
      upstreams.forEach((u, k) => u.connects.length > (before[k] ?? 0) && rotating.add(`exit-${k}`));
    }
    expect(rotating.size).toBeGreaterThan(1);
    expect(await rows()).toBe(sessionsBefore); // rotating lines start no session
  });
});
