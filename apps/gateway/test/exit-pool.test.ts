import type { Exit } from '@resiport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Gateway } from '../src/gateway';
import { basic, closed, httpConnect, roundTrip, waitFor } from './clients';
import { startFakeServer, type FakeServer } from './fake-server';
import { closeServer, startEchoServer, startGateway, startUpstreamHttpProxy } from './servers';

const GB = 1_000_000_000;

/**
 * The exit pool comes from the server and follows the console (decision 030): loaded before the
 * gateway listens, reloaded on an `exits` feed event without a restart, tunnels through a removed
 * exit closed; each exit's health reported, and the bytes each carried sent with the usage batches.
 */
describe('exit pool from the server', () => {
  let fake: FakeServer;
  let echo: Awaited<ReturnType<typeof startEchoServer>>;
  let de: Awaited<ReturnType<typeof startUpstreamHttpProxy>>;
  let fr: Awaited<ReturnType<typeof startUpstreamHttpProxy>>;
  let gateway: Gateway;
  const alice = { user: 'aliceproxy01', pass: 'Alice-pass.1' };

  const upstream = (id: string, country: string, port: number, extra: Partial<Exit> = {}): Exit => ({
    id,
    type: 'http',
    host: '127.0.0.1',
    port,
    username: 'up',
    password: 'up-pass',
    country,
    weight: 1,
    ...extra,
  });
  const direct: Exit = { id: 'direct', type: 'direct', weight: 1 };
  const open = (country: string) =>
    httpConnect(
      gateway.httpPort,
      `127.0.0.1:${echo.port}`,
      basic(`${alice.user}-country-${country}`, alice.pass),
    );

  beforeAll(async () => {
    fake = await startFakeServer();
    fake.addUser(alice.user, alice.pass, GB);
    echo = await startEchoServer();
    de = await startUpstreamHttpProxy('de', { user: 'up', pass: 'up-pass' });
    fr = await startUpstreamHttpProxy('fr', { user: 'up', pass: 'up-pass' });
    fake.pool = { exits: [direct, upstream('de-1', 'de', de.port)] };
    // Its own pool says something else: the server's wins from the start.
    gateway = await startGateway(fake, { pool: { exits: [direct] }, exitHealthReportMs: 100 });
  });
  afterAll(async () => {
    await gateway.close();
    await Promise.all([echo, de, fr].map((s) => closeServer(s)));
    await fake.close();
  });

  it('routes by the server’s pool from its first connection', async () => {
    const { status, socket } = await open('de');
    expect(status).toBe(200);
    expect((await roundTrip(socket, Buffer.from('hello'))).toString()).toBe('hello');
    socket.destroy();
    expect(de.connects).toHaveLength(1);
    expect((await open('fr')).status).toBe(502);
  });

  it('takes an exit added in the console without a restart, and stops using a removed one', async () => {
    fake.setPool({ exits: [direct, upstream('de-1', 'de', de.port), upstream('fr-1', 'fr', fr.port)] });
    await waitFor(
      async () => {
        const attempt = await open('fr');
        attempt.socket.destroy();
        return attempt.status === 200;
      },
      5000,
      'the new exit',
    );
    expect(fr.connects.length).toBeGreaterThan(0);

    const held = await open('fr');
    expect(held.status).toBe(200);
    fake.setPool({ exits: [direct, upstream('de-1', 'de', de.port)] });
    // Its open tunnel closes with it, and new lines for its country are refused.
    await closed(held.socket);
    const refused = await open('fr');
    expect([refused.status, refused.header('x-resiport-reason')]).toEqual([502, 'no_exit']);
    refused.socket.destroy();
  });

  it('reports each exit’s health, and what each carried with the usage it bills', async () => {
    fake.setPool({ exits: [direct, upstream('de-1', 'de', de.port, { password: 'wrong' })] });
    await waitFor(
      async () => {
        const attempt = await open('de');
        attempt.socket.destroy();
        return attempt.status === 502;
      },
      5000,
      'the changed password',
    );
    await waitFor(() =>
      (fake.exitHealth.get(gateway.instanceId) ?? []).some((r) => r.consecutive_failures > 0),
    );
    const report = fake.exitHealth.get(gateway.instanceId)?.find((r) => r.exit_id === 'de-1');
    expect(report?.last_error).toContain('407');
    expect(report?.resting_ms).toBeGreaterThan(0);

    await waitFor(
      () => {
        const carried = [...fake.exitBytes().values()].reduce((sum, bytes) => sum + bytes, 0);
        const billed = fake.usage(
          fake.users.get(alice.user)?.owner ?? { account_id: 0, subaccount_id: null },
        );
        return carried > 0 && carried === billed.up + billed.down;
      },
      5000,
      'carried bytes equal to the billed ones',
    );
    expect(fake.exitBytes().get('de-1')).toBeGreaterThan(0);
  });
});

describe('sticky sessions across console changes', () => {
  it('keep their exit when other exits are added, changed or disabled', async () => {
    const fake = await startFakeServer();
    const echo = await startEchoServer();
    const ups = await Promise.all(['a', 'b', 'c'].map((name) => startUpstreamHttpProxy(name)));
    fake.addUser('carolproxy001', 'Carol-pass.1', GB);
    const exitOf = (i: number, extra: Partial<Exit> = {}): Exit => ({
      id: `us-${i}`,
      type: 'http',
      host: '127.0.0.1',
      port: ups[i]?.port ?? 0,
      country: 'us',
      weight: 1,
      ...extra,
    });
    fake.pool = { exits: [exitOf(0), exitOf(1), exitOf(2)] };
    const gateway = await startGateway(fake);
    /** Which upstream carried one tunnel of each session. */
    const exitsOf = async (sessions: string[]) => {
      const used: string[] = [];
      for (const session of sessions) {
        const before = ups.map((u) => u.connects.length);
        const auth = basic(`carolproxy001-country-us-session-${session}-sesstime-30`, 'Carol-pass.1');
        const attempt = await httpConnect(gateway.httpPort, `127.0.0.1:${echo.port}`, auth);
        expect(attempt.status).toBe(200);
        attempt.socket.destroy();
        used.push(ups.find((u, i) => u.connects.length > (before[i] ?? 0))?.name ?? '?');
      }
      return used;
    };
    const sessions = Array.from({ length: 12 }, (_, i) => `s${i}`);
    try {
      const before = await exitsOf(sessions);
      // Another country's exit added, and one of these exits' credentials changed: nobody moves.
      fake.setPool({
        exits: [
          exitOf(0),
          exitOf(1, { username: 'new', password: 'rotated' }),
          exitOf(2),
          { ...exitOf(0), id: 'gb-1', country: 'gb' },
        ],
      });
      // Applied once a British line finds its exit.
      await waitFor(
        async () => {
          const auth = basic('carolproxy001-country-gb', 'Carol-pass.1');
          const attempt = await httpConnect(gateway.httpPort, `127.0.0.1:${echo.port}`, auth);
          attempt.socket.destroy();
          return attempt.status === 200;
        },
        5000,
        'the reload',
      );
      expect(await exitsOf(sessions)).toEqual(before);
    } finally {
      await gateway.close();
      await Promise.all([echo, ...ups].map((server) => closeServer(server)));
      await fake.close();
    }
  });
});

describe('exit pool when the server is away at start', () => {
  it('routes by its own pool until the server answers, then by the server’s', async () => {
    const fake = await startFakeServer();
    const echo = await startEchoServer();
    fake.addUser('bobproxy00001', 'Bob-pass.1', GB);
    fake.pool = { exits: [{ id: 'server-direct', type: 'direct', weight: 1, country: 'de' }] };
    fake.failures.set('/internal/gateway/exits', 1);
    const gateway = await startGateway(fake, {
      pool: { exits: [{ id: 'local', type: 'direct', weight: 1 }] },
      poolRetryMs: 100,
    });
    try {
      const line = (suffix: string) =>
        httpConnect(
          gateway.httpPort,
          `127.0.0.1:${echo.port}`,
          basic(`bobproxy00001${suffix}`, 'Bob-pass.1'),
        );
      await waitFor(
        async () => {
          const attempt = await line('-country-de');
          attempt.socket.destroy();
          return attempt.status === 200;
        },
        5000,
        "the server's pool",
      );
      expect(fake.calls['/internal/gateway/exits']).toBeGreaterThanOrEqual(2);
    } finally {
      await gateway.close();
      await closeServer(echo);
      await fake.close();
    }
  });
});
