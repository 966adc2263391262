import { lookup } from 'node:dns/promises';
import { request } from 'node:http';
import { hostname } from 'node:os';
import type { Exit } from '@resiport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Gateway } from '../src/gateway';
import { isRefusedAddress } from '../src/route/connect/guard';
import { startFakeServer, type FakeServer } from './fake-server';
import { basic, httpConnect, roundTrip, socksConnect } from './clients';
import {
  closeServer,
  startEchoServer,
  startGateway,
  startHttpTarget,
  startUpstreamHttpProxy,
  startUpstreamSocks5,
} from './servers';

const GB = 1_000_000_000;
type Upstream =
  Awaited<ReturnType<typeof startUpstreamHttpProxy>> | Awaited<ReturnType<typeof startUpstreamSocks5>>;

describe('routing to exits', () => {
  let fake: FakeServer;
  let echo: Awaited<ReturnType<typeof startEchoServer>>;
  let target: Awaited<ReturnType<typeof startHttpTarget>>;
  const upstreams: Record<string, Upstream> = {};
  const gateways: Gateway[] = [];
  const alice = { user: 'aliceproxy01', pass: 'Alice-pass.1' };
  const creds = (suffix: string) => basic(`${alice.user}${suffix}`, alice.pass);

  /** Which upstream relayed the tunnels opened while `run` ran. */
  const usedBy = async (run: () => Promise<void>) => {
    const before = Object.fromEntries(Object.entries(upstreams).map(([k, u]) => [k, u.connects.length]));
    await run();
    return Object.entries(upstreams)
      .filter(([k, u]) => u.connects.length > (before[k] ?? 0))
      .map(([k]) => k);
  };
  const connectVia = async (gateway: Gateway, suffix: string) => {
    const { status, socket } = await httpConnect(gateway.httpPort, `127.0.0.1:${echo.port}`, creds(suffix));
    expect(status).toBe(200);
    expect((await roundTrip(socket, Buffer.from('x'))).toString()).toBe('x');
    socket.destroy();
  };

  beforeAll(async () => {
    fake = await startFakeServer();
    fake.addUser(alice.user, alice.pass, GB);
    echo = await startEchoServer();
    target = await startHttpTarget();
    upstreams.usHttp = await startUpstreamHttpProxy('us-http', { user: 'up', pass: 'up-pass' });
    upstreams.deBerlinSocks = await startUpstreamSocks5('de-berlin', { user: 'sock', pass: 'sock-pass' });
    upstreams.deMunichSocks = await startUpstreamSocks5('de-munich');
    upstreams.anyHttp = await startUpstreamHttpProxy('any-http');
  });
  afterAll(async () => {
    await Promise.all(gateways.map((g) => g.close()));
    await Promise.all([echo, target, ...Object.values(upstreams)].map((s) => closeServer(s)));
    await fake.close();
  });

  const tagged = (): Exit[] => [
    {
      id: 'us-http',
      type: 'http',
      host: '127.0.0.1',
      port: upstreams.usHttp?.port,
      username: 'up',
      password: 'up-pass',
      country: 'us',
      weight: 1,
    },
    {
      id: 'de-berlin',
      type: 'socks5',
      host: '127.0.0.1',
      port: upstreams.deBerlinSocks?.port,
      username: 'sock',
      password: 'sock-pass',
      country: 'de',
      city: 'berlin',
      weight: 1,
    },
    {
      id: 'de-munich',
      type: 'socks5',
      host: '127.0.0.1',
      port: upstreams.deMunichSocks?.port,
      country: 'de',
      city: 'munich',
      weight: 1,
    },
  ];

  it('picks the exit that serves the requested location, over HTTP and SOCKS5 upstreams', async () => {
    const gateway = await startGateway(fake, { pool: { exits: tagged() } });
    gateways.push(gateway);
    expect(await usedBy(() => connectVia(gateway, '-country-us'))).toEqual(['usHttp']);
    expect(await usedBy(() => connectVia(gateway, '-country-de-city-berlin'))).toEqual(['deBerlinSocks']);
    expect(await usedBy(() => connectVia(gateway, '-country-DE-city-Munich'))).toEqual(['deMunichSocks']);
    // Only the exits tagged with every dimension asked for: a country alone goes to either German exit.
    expect(['deBerlinSocks', 'deMunichSocks']).toContain(
      (await usedBy(() => connectVia(gateway, '-country-de')))[0],
    );

    const socks = await socksConnect(
      gateway.socksPort,
      { host: '127.0.0.1', port: echo.port },
      { user: `${alice.user}-country-us`, pass: alice.pass },
    );
    expect(socks.rep).toBe(0);
    expect((await roundTrip(socks.socket, Buffer.from('via socks listener'))).toString()).toBe(
      'via socks listener',
    );
    socks.socket.destroy();

    // Plain HTTP (absolute-form) goes through the chosen exit too.
    const body = await new Promise<string>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port: gateway.httpPort,
          path: `http://127.0.0.1:${target.port}/hello`,
          headers: { 'proxy-authorization': creds('-country-de-city-berlin') },
        },
        (res) => {
          let text = '';
          res.on('data', (c: Buffer) => (text += c.toString()));
          res.on('end', () => resolve(text));
        },
      );
      req.on('error', reject).end();
    });
    expect(body).toBe('hello from target');
  });

  it('refuses a location no exit serves (no silent fallback)', async () => {
    const gateway = await startGateway(fake, { pool: { exits: tagged() } });
    gateways.push(gateway);
    const http = await httpConnect(gateway.httpPort, `127.0.0.1:${echo.port}`, creds('-country-fr'));
    expect([http.status, http.header('X-Resiport-Reason')]).toEqual([502, 'no_exit']);
    const hamburg = await httpConnect(
      gateway.httpPort,
      `127.0.0.1:${echo.port}`,
      creds('-country-de-city-hamburg'),
    );
    expect([hamburg.status, hamburg.header('X-Resiport-Reason')]).toEqual([502, 'no_exit']);
    const socks = await socksConnect(
      gateway.socksPort,
      { host: '127.0.0.1', port: echo.port },
      { user: `${alice.user}-country-fr`, pass: alice.pass },
    );
    expect(socks.rep).toBe(0x03);
  });

  it('keeps a sticky session on one exit across two gateway processes; rotating spreads', async () => {
    const pool = {
      exits: [
        ...tagged().map((e) => ({ ...e, country: undefined, city: undefined })),
        {
          id: 'any-http',
          type: 'http' as const,
          host: '127.0.0.1',
          port: upstreams.anyHttp?.port,
          weight: 1,
        },
      ],
    };
    const a = await startGateway(fake, { pool });
    const b = await startGateway(fake, { pool });
    gateways.push(a, b);
    const chosen = new Set<string>();
    for (const session of ['s1', 's2', 's3', 's4', 's5', 's6', 's7', 's8']) {
      const suffix = `-session-${session}-sesstime-10`;
      const viaA = await usedBy(() => connectVia(a, suffix));
      const viaB = await usedBy(() => connectVia(b, suffix));
      const againA = await usedBy(() => connectVia(a, suffix));
      expect(viaA).toHaveLength(1);
      expect(viaB).toEqual(viaA);
      expect(againA).toEqual(viaA);
      chosen.add(viaA[0] ?? '');
    }
    expect(chosen.size).toBeGreaterThan(1); // sessions are spread, not all on one exit
    const rotating = new Set<string>();
    for (let i = 0; i < 16; i++) for (const u of await usedBy(() => connectVia(a, ''))) rotating.add(u);
    expect(rotating.size).toBeGreaterThan(1);
  });

  it('rests a failing exit and serves from the others', async () => {
    const broken = await startUpstreamHttpProxy('broken', { user: 'u', pass: 'not-what-we-send' });
    try {
      const gateway = await startGateway(fake, {
        pool: {
          exits: [
            {
              id: 'broken',
              type: 'http',
              host: '127.0.0.1',
              port: broken.port,
              username: 'u',
              password: 'p',
              weight: 1,
            },
            { id: 'any-http', type: 'http', host: '127.0.0.1', port: upstreams.anyHttp?.port, weight: 1 },
          ],
        },
      });
      gateways.push(gateway);
      for (let i = 0; i < 8; i++) expect(await usedBy(() => connectVia(gateway, ''))).toEqual(['anyHttp']);
      expect(broken.stats.attempts).toBeLessThanOrEqual(1); // after one failure it sits out 30 s
    } finally {
      await closeServer(broken);
    }
  });

  it('refuses private and loopback destinations unless allowed', async () => {
    const gateway = await startGateway(fake, { allowPrivate: false });
    gateways.push(gateway);
    for (const destination of [
      `127.0.0.1:${echo.port}`,
      `localhost:${echo.port}`,
      `[::1]:${echo.port}`,
      '169.254.169.254:80',
      '10.1.2.3:443',
      `[::ffff:127.0.0.1]:${echo.port}`,
    ]) {
      const res = await httpConnect(gateway.httpPort, destination, creds(''));
      expect([destination, res.status, res.header('X-Resiport-Reason')]).toEqual([
        destination,
        403,
        'destination_refused',
      ]);
    }
    for (const host of ['127.0.0.1', 'localhost']) {
      const socks = await socksConnect(gateway.socksPort, { host, port: echo.port }, alice);
      expect(socks.rep).toBe(0x02);
    }
    const get = await new Promise<{ status?: number; reason?: unknown }>((resolve, reject) => {
      request(
        {
          host: '127.0.0.1',
          port: gateway.httpPort,
          path: `http://127.0.0.1:${target.port}/hello`,
          headers: { 'proxy-authorization': creds('') },
        },
        (res) => {
          res.resume();
          resolve({ status: res.statusCode, reason: res.headers['x-resiport-reason'] });
        },
      )
        .on('error', reject)
        .end();
    });
    expect(get).toEqual({ status: 403, reason: 'destination_refused' });

    // Through an upstream exit too: literal private addresses never leave (the upstream may be on our network).
    const viaUpstream = await startGateway(fake, { allowPrivate: false, pool: { exits: tagged() } });
    gateways.push(viaUpstream);
    const used = await usedBy(async () => {
      const res = await httpConnect(viaUpstream.httpPort, `127.0.0.1:${echo.port}`, creds('-country-us'));
      expect([res.status, res.header('X-Resiport-Reason')]).toEqual([403, 'destination_refused']);
    });
    expect(used).toEqual([]);
  });

  it('checks the resolved address of a name, not just the name', async (context) => {
    const name = hostname();
    const addresses = await lookup(name, { all: true }).catch(() => []);
    if (addresses.length === 0 || !addresses.every((a) => isRefusedAddress(a.address))) return context.skip();
    const gateway = await startGateway(fake, { allowPrivate: false });
    gateways.push(gateway);
    const res = await httpConnect(gateway.httpPort, `${name}:${echo.port}`, creds(''));
    expect([res.status, res.header('X-Resiport-Reason')]).toEqual([403, 'destination_refused']);
  });
});
