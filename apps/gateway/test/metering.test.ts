import { internalGatewayEndpoints } from '@resiport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Gateway } from '../src/gateway';
import { ownerKey, startFakeServer, type FakeServer } from './fake-server';
import { basic, closed, connectTo, httpConnect, readAll, roundTrip, socksConnect, waitFor } from './clients';
import { closeServer, startEchoServer, startFirehose, startGateway, startHttpTarget } from './servers';

const MB = 1_000_000;
const GB = 1_000_000_000;

describe('metering, leases and cut-off', () => {
  let fake: FakeServer;
  let echo: Awaited<ReturnType<typeof startEchoServer>>;
  let target: Awaited<ReturnType<typeof startHttpTarget>>;
  let firehose: Awaited<ReturnType<typeof startFirehose>>;
  const gateways: Gateway[] = [];
  const start = async (
    ...args: Parameters<typeof startGateway> extends [unknown, ...infer R] ? R : never
  ) => {
    const gateway = await startGateway(fake, ...args);
    gateways.push(gateway);
    return gateway;
  };

  beforeAll(async () => {
    fake = await startFakeServer();
    echo = await startEchoServer();
    target = await startHttpTarget();
    firehose = await startFirehose(16 * 1024, 10); // ≈ 1.6 MB/s per tunnel
  });
  afterAll(async () => {
    await Promise.all(gateways.map((g) => g.close()));
    await Promise.all([echo, target, firehose].map((s) => closeServer(s)));
    await fake.close();
  });

  it('bills exactly the bytes of the client socket, handshakes included (CONNECT, SOCKS5, plain HTTP)', async () => {
    const gateway = await start();
    const owner = fake.addUser('meterproxy01', 'Meter-pass.1', GB);
    const expected = { up: 0, down: 0, connections: 0 };
    const account = (socket: { bytesRead: number; bytesWritten: number }) => {
      expected.up += socket.bytesWritten;
      expected.down += socket.bytesRead;
      expected.connections++;
    };

    const tunnel = await httpConnect(
      gateway.httpPort,
      `127.0.0.1:${echo.port}`,
      basic('meterproxy01', 'Meter-pass.1'),
    );
    const payload = Buffer.alloc(777_777, 7);
    await roundTrip(tunnel.socket, payload);
    const tail = readAll(tunnel.socket);
    tunnel.socket.end(Buffer.alloc(12_345, 1));
    expect((await tail).length).toBe(12_345);
    account(tunnel.socket);

    const socks = await socksConnect(
      gateway.socksPort,
      { host: 'localhost', port: echo.port },
      { user: 'meterproxy01', pass: 'Meter-pass.1' },
    );
    await roundTrip(socks.socket, Buffer.alloc(333_333, 3));
    socks.socket.end();
    await closed(socks.socket);
    account(socks.socket);

    const plain = await connectTo(gateway.httpPort);
    const body = readAll(plain);
    plain.write(
      `GET http://127.0.0.1:${target.port}/bytes/250000 HTTP/1.1\r\nHost: x\r\nConnection: close\r\nProxy-Authorization: ${basic('meterproxy01', 'Meter-pass.1')}\r\n\r\n`,
    );
    expect((await body).length).toBeGreaterThan(250_000);
    account(plain);

    await waitFor(
      () => {
        const used = fake.usage(owner);
        return used.up === expected.up && used.down === expected.down;
      },
      5000,
      `usage ${JSON.stringify(expected)}, got ${JSON.stringify(fake.usage(owner))}`,
    );
    expect(fake.usage(owner)).toEqual(expected);
    console.info(
      `metering: client sockets moved ${expected.up} up / ${expected.down} down; billed exactly that`,
    );
  });

  it('cuts an owner whose traffic runs out within 2 s, and refuses new tunnels', async () => {
    const gateway = await start({ leaseMinBytes: 1 * MB });
    const owner = fake.addUser('drainproxy01', 'Drain-pass.1', 2 * MB);
    const auth = basic('drainproxy01', 'Drain-pass.1');
    const tunnels = await Promise.all(
      [1, 2].map(() => httpConnect(gateway.httpPort, `127.0.0.1:${firehose.port}`, auth)),
    );
    expect(tunnels.map((t) => t.status)).toEqual([200, 200]);
    const opened = Date.now();
    // ≈ 3.2 MB/s across the two tunnels; the 2 MB are gone in ~0.6 s, then the tunnels must go.
    const lifetimes = await Promise.all(tunnels.map((t) => closed(t.socket, 5000)));
    const received = tunnels.reduce((sum, t) => sum + t.socket.bytesRead, 0);
    console.info(
      `cut-off: 2 MB owner, 2 tunnels; closed after ${lifetimes.join(' / ')} ms, ${received} bytes delivered`,
    );
    expect(Date.now() - opened).toBeLessThan(2500);
    expect(received).toBeGreaterThan(2 * MB - 100_000); // it did get (nearly) all it had before the cut
    expect(received).toBeLessThan(2 * MB + 2 * MB); // overspend bounded by about a tick of traffic
    const refused = await httpConnect(gateway.httpPort, `127.0.0.1:${echo.port}`, auth);
    expect([refused.status, refused.header('X-Resiport-Reason')]).toEqual([402, 'no_traffic']);
    await waitFor(() => fake.usage(owner).down > 2 * MB, 3000, 'usage reported');
    expect(fake.left.get(ownerKey(owner))).toBe(0);
  });

  it('closes the tunnels of a deleted or disabled sub-account within 2 s (change feed)', async () => {
    const gateway = await start();
    fake.addUser('goneproxy001', 'Gone-pass.1', GB);
    fake.addUser('offproxy0001', 'Off-pass.1', GB);
    fake.addUser('stayproxy001', 'Stay-pass.1', GB);
    const gone = await httpConnect(
      gateway.httpPort,
      `127.0.0.1:${echo.port}`,
      basic('goneproxy001', 'Gone-pass.1'),
    );
    const off = await socksConnect(
      gateway.socksPort,
      { host: '127.0.0.1', port: echo.port },
      { user: 'offproxy0001', pass: 'Off-pass.1' },
    );
    const stay = await httpConnect(
      gateway.httpPort,
      `127.0.0.1:${echo.port}`,
      basic('stayproxy001', 'Stay-pass.1'),
    );
    expect([gone.status, off.rep, stay.status]).toEqual([200, 0, 200]);

    fake.deleteUser('goneproxy001');
    fake.setActive('offproxy0001', false);
    const [goneMs, offMs] = await Promise.all([closed(gone.socket, 2000), closed(off.socket, 2000)]);
    console.info(
      `change feed: deleted sub-account's tunnel closed in ${goneMs} ms, disabled one's in ${offMs} ms`,
    );
    expect((await roundTrip(stay.socket, Buffer.from('still here'))).toString()).toBe('still here');
    stay.socket.destroy();

    const again = await httpConnect(
      gateway.httpPort,
      `127.0.0.1:${echo.port}`,
      basic('goneproxy001', 'Gone-pass.1'),
    );
    expect([again.status, again.header('X-Resiport-Reason')]).toEqual([407, 'auth_failed']);
    const disabled = await httpConnect(
      gateway.httpPort,
      `127.0.0.1:${echo.port}`,
      basic('offproxy0001', 'Off-pass.1'),
    );
    expect([disabled.status, disabled.header('X-Resiport-Reason')]).toEqual([403, 'disabled']);
  });

  it('a new process follows the feed from its start: changes written before it never cut its tunnels', async () => {
    fake.addUser('oldnewsproxy', 'Old-news.1', GB);
    // Disabled and enabled again before this process existed: two events about this sub-account.
    fake.setActive('oldnewsproxy', false);
    fake.setActive('oldnewsproxy', true);
    const eventsPath = internalGatewayEndpoints.events.path;
    const callsBefore = fake.calls[eventsPath] ?? 0;
    // The first feed calls fail, so a tunnel opens before the feed is read (as on a slow server).
    fake.failures.set(eventsPath, 3);
    const gateway = await start();
    const tunnel = await httpConnect(
      gateway.httpPort,
      `127.0.0.1:${echo.port}`,
      basic('oldnewsproxy', 'Old-news.1'),
    );
    expect(tunnel.status).toBe(200);
    await waitFor(
      () => (fake.calls[eventsPath] ?? 0) >= callsBefore + 5,
      5000,
      'the feed read after its failures',
    );
    // Replaying the old events would have closed it.
    expect((await roundTrip(tunnel.socket, Buffer.from('still open'))).toString()).toBe('still open');
    fake.setActive('oldnewsproxy', false);
    await closed(tunnel.socket, 2000);
  });

  it('bills a whitelisted address to the main account and closes its tunnels when it is removed', async () => {
    const gateway = await start();
    const main = fake.addWhitelist('127.0.0.1', 77, GB);
    try {
      const open = await httpConnect(gateway.httpPort, `127.0.0.1:${echo.port}`);
      const targeted = await httpConnect(
        gateway.httpPort,
        `127.0.0.1:${echo.port}`,
        basic('whitelist-session-w1', ''),
      );
      expect([open.status, targeted.status]).toEqual([200, 200]);
      await roundTrip(open.socket, Buffer.alloc(1000));
      await waitFor(() => fake.usage(main).up > 1000, 3000, 'main-account usage');
      fake.removeWhitelist('127.0.0.1');
      await Promise.all([closed(open.socket, 2000), closed(targeted.socket, 2000)]);
      await waitFor(
        async () => (await httpConnect(gateway.httpPort, `127.0.0.1:${echo.port}`)).status === 407,
        2000,
        '407 after removal',
      );
    } finally {
      fake.whitelist.delete('127.0.0.1');
    }
  });

  it('limits open connections per account', async () => {
    const gateway = await start({ maxConnectionsPerAccount: 2 });
    fake.addUser('busyproxy001', 'Busy-pass.1', GB, 900);
    fake.addUser('busyproxy002', 'Busy-pass.2', GB, 900);
    const first = await httpConnect(
      gateway.httpPort,
      `127.0.0.1:${echo.port}`,
      basic('busyproxy001', 'Busy-pass.1'),
    );
    const second = await httpConnect(
      gateway.httpPort,
      `127.0.0.1:${echo.port}`,
      basic('busyproxy002', 'Busy-pass.2'),
    );
    const third = await httpConnect(
      gateway.httpPort,
      `127.0.0.1:${echo.port}`,
      basic('busyproxy001', 'Busy-pass.1'),
    );
    expect([first.status, second.status, third.status, third.header('X-Resiport-Reason')]).toEqual([
      200,
      200,
      429,
      'too_many_connections',
    ]);
    first.socket.destroy();
    await waitFor(
      async () => {
        const next = await httpConnect(
          gateway.httpPort,
          `127.0.0.1:${echo.port}`,
          basic('busyproxy001', 'Busy-pass.1'),
        );
        next.socket.destroy();
        return next.status === 200;
      },
      2000,
      'a free slot',
    );
    second.socket.destroy();
  });

  it('retries usage under the same batch id, applies it once, and returns leases on close', async () => {
    const gateway = await start({ metricsPort: 0 });
    const owner = fake.addUser('retryproxy01', 'Retry-pass.1', GB);
    fake.failures.set(internalGatewayEndpoints.usage.path, 2);
    fake.lostAnswers.set(internalGatewayEndpoints.usage.path, 1);
    const tunnel = await httpConnect(
      gateway.httpPort,
      `127.0.0.1:${echo.port}`,
      basic('retryproxy01', 'Retry-pass.1'),
    );
    await roundTrip(tunnel.socket, Buffer.alloc(50_000));
    tunnel.socket.end();
    await closed(tunnel.socket);
    // Two 500s, then an answer lost after the batch was applied: the retry is a duplicate, not applied twice.
    await waitFor(() => fake.duplicateBatches >= 1, 8000, 'the retried batch');
    expect(fake.usage(owner)).toEqual({
      up: tunnel.socket.bytesWritten,
      down: tunnel.socket.bytesRead,
      connections: 1,
    });

    const metrics = await (await fetch(`http://127.0.0.1:${gateway.metricsPort}/metrics`)).text();
    expect(metrics).toMatch(/resiport_gateway_tunnels_total 1/);
    expect(metrics).toMatch(/resiport_gateway_bytes_total\{direction="up"\} \d+/);

    const leftBefore = fake.left.get(ownerKey(owner)) ?? 0;
    await gateway.close();
    expect([...fake.leases.keys()].filter((k) => k.startsWith(gateway.instanceId))).toEqual([]);
    // The unused part of the lease came back: only what was used is gone.
    expect(fake.left.get(ownerKey(owner))).toBe(GB - tunnel.socket.bytesWritten - tunnel.socket.bytesRead);
    expect(fake.left.get(ownerKey(owner))).toBeGreaterThan(leftBefore);
  });
});
