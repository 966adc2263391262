import { createServer, type Server } from 'node:net';
import { networkInterfaces } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadGatewayConfig } from '../src/config';
import type { Gateway } from '../src/gateway';
import { hostsToTry, listenOn, listenOnFirst } from '../src/listen/bind';
import { basic, connectTo, httpConnectOn, roundTrip, socksConnect, waitFor } from './clients';
import { startFakeServer, TEST_SECRET, type FakeServer } from './fake-server';
import { closeServer, startEchoServer, startGateway } from './servers';

const GB = 1_000_000_000;
const hasIpv6Loopback = Object.values(networkInterfaces()).some((addresses) =>
  addresses?.some((a) => a.family === 'IPv6' && a.address === '::1'),
);

describe('listening on IPv6 and IPv4 (dual stack) by default', () => {
  let fake: FakeServer;
  let gateway: Gateway;
  let echo: Awaited<ReturnType<typeof startEchoServer>>;
  const alice = { user: 'aliceproxy01', pass: 'Alice-pass.1' };
  const defaultHost = loadGatewayConfig({ INTERNAL_SECRET: TEST_SECRET }).host;

  beforeAll(async () => {
    fake = await startFakeServer();
    fake.addUser(alice.user, alice.pass, GB);
    echo = await startEchoServer();
    gateway = await startGateway(fake, { host: defaultHost, negativeTtlMs: 50 });
  });
  afterAll(async () => {
    await gateway.close();
    await closeServer(echo);
    await fake.close();
  });

  const tunnelFrom = async (host: string, auth?: string) => {
    const socket = await connectTo(gateway.httpPort, { host });
    const { status } = await httpConnectOn(socket, `127.0.0.1:${echo.port}`, auth);
    if (status === 200) expect((await roundTrip(socket, Buffer.from(host))).toString()).toBe(host);
    socket.destroy();
    return status;
  };

  it('defaults to ::', () => {
    expect(defaultHost).toBe('::');
  });

  it('accepts IPv4 clients', async () => {
    expect(await tunnelFrom('127.0.0.1', basic(alice.user, alice.pass))).toBe(200);
  });

  it.skipIf(!hasIpv6Loopback)('accepts IPv6 clients', async () => {
    expect(await tunnelFrom('::1', basic(alice.user, alice.pass))).toBe(200);
  });

  it('matches a whitelisted IPv4 address arriving as ::ffff:a.b.c.d on the dual-stack socket', async () => {
    expect(await tunnelFrom('127.0.0.1')).toBe(407);
    fake.addWhitelist('127.0.0.1', 42, GB);
    try {
      // "Not whitelisted" is remembered a while (50 ms here): let in once the gateway asks again.
      await waitFor(
        async () => (await tunnelFrom('127.0.0.1')) === 200,
        5000,
        'the whitelisted address let in',
      );
      const socks = await socksConnect(gateway.socksPort, { host: '127.0.0.1', port: echo.port });
      expect([socks.method, socks.rep]).toEqual([0x00, 0x00]);
      socks.socket.destroy();
    } finally {
      fake.whitelist.delete('127.0.0.1');
    }
  });
});

describe('falling back to IPv4 when an address family is missing', () => {
  const servers: Server[] = [];
  afterAll(async () => {
    await Promise.all(servers.filter((s) => s.listening).map((s) => closeServer(s)));
  });
  const server = () => {
    const created = createServer((socket) => socket.destroy());
    servers.push(created);
    return created;
  };

  it('moves on when the address is not available here (as :: is without IPv6), and says so', async () => {
    const warnings: string[] = [];
    // 2001:db8::/32 is documentation space: no machine has it, so listening fails as without IPv6.
    const { host, port } = await listenOnFirst(server(), 0, ['2001:db8::1', '127.0.0.1'], (failed, error) =>
      warnings.push(`${failed} ${error.code ?? ''}`),
    );
    expect(host).toBe('127.0.0.1');
    expect(port).toBeGreaterThan(0);
    expect(warnings).toEqual(['2001:db8::1 EADDRNOTAVAIL']);
  });

  it('falls back only from the dual-stack default, to 0.0.0.0; a configured address is used as given', () => {
    expect(hostsToTry('::')).toEqual(['::', '0.0.0.0']);
    expect(hostsToTry('127.0.0.1')).toEqual(['127.0.0.1']);
    expect(hostsToTry('::1')).toEqual(['::1']);
  });

  it('does not move on for other errors (a port in use fails loudly)', async () => {
    const port = await listenOn(server(), 0, '127.0.0.1');
    const fallbacks: string[] = [];
    await expect(
      listenOnFirst(server(), port, ['127.0.0.1', '127.0.0.2'], (failed) => fallbacks.push(failed)),
    ).rejects.toMatchObject({ code: 'EADDRINUSE' });
    expect(fallbacks).toEqual([]);
  });
});
