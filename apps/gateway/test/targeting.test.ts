import type { Exit } from '@resiport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Gateway } from '../src/gateway';
import { basic, httpConnect, roundTrip, socksConnect } from './clients';
import { startFakeServer, type FakeServer } from './fake-server';
import { closeServer, startEchoServer, startGateway, startUpstreamHttpProxy } from './servers';

const GB = 1_000_000_000;
type Upstream = Awaited<ReturnType<typeof startUpstreamHttpProxy>>;

/**
 * A requested location is honoured or refused, never silently replaced (docs/architecture.md#gateway-principles): an exit tagged
 * with every requested dimension serves it, a `forward_targeting` exit serves what it does not tag,
 * nothing else does (`no_exit`); targeting that contradicts itself or the pool is a bad username.
 */
describe('targeting: honoured or refused', () => {
  let fake: FakeServer;
  let echo: Awaited<ReturnType<typeof startEchoServer>>;
  const upstreams: Record<string, Upstream> = {};
  const gateways: Gateway[] = [];
  let tagged: Gateway;
  let withProvider: Gateway;
  let byDefault: Gateway;
  const alice = { user: 'aliceproxy01', pass: 'Alice-pass.1' };

  const exitOf = (id: string, tags: Partial<Exit>): Exit => ({
    id,
    type: 'http',
    host: '127.0.0.1',
    port: upstreams[id]?.port,
    weight: 1,
    ...tags,
  });
  const taggedExits = () => [
    exitOf('us-ny', { country: 'us', state: 'ny', city: 'new_york' }),
    exitOf('us-ca', { country: 'us', state: 'ca', city: 'los_angeles' }),
    exitOf('de-munich', { country: 'de', city: 'munich' }),
    exitOf('untagged', {}),
  ];

  beforeAll(async () => {
    fake = await startFakeServer();
    fake.addUser(alice.user, alice.pass, GB);
    echo = await startEchoServer();
    for (const id of ['us-ny', 'us-ca', 'de-munich', 'untagged', 'provider']) {
      upstreams[id] = await startUpstreamHttpProxy(
        id,
        id === 'provider' ? { user: 'up', pass: 'p' } : undefined,
      );
    }
    tagged = await startGateway(fake, { pool: { exits: taggedExits() } });
    withProvider = await startGateway(fake, {
      pool: {
        exits: [
          ...taggedExits(),
          exitOf('provider', { username: 'up', password: 'p', forward_targeting: true }),
        ],
      },
    });
    byDefault = await startGateway(fake);
    gateways.push(tagged, withProvider, byDefault);
  });
  afterAll(async () => {
    await Promise.all(gateways.map((g) => g.close()));
    await Promise.all([echo, ...Object.values(upstreams)].map((s) => closeServer(s)));
    await fake.close();
  });

  /** Opens a tunnel with this username suffix; the refusal, or which upstreams carried it. */
  const viaHttp = async (gateway: Gateway, suffix: string) => {
    const before = Object.fromEntries(Object.entries(upstreams).map(([k, u]) => [k, u.connects.length]));
    const res = await httpConnect(
      gateway.httpPort,
      `127.0.0.1:${echo.port}`,
      basic(`${alice.user}${suffix}`, alice.pass),
    );
    const used = () =>
      Object.entries(upstreams)
        .filter(([k, u]) => u.connects.length > (before[k] ?? 0))
        .map(([k]) => k);
    if (res.status !== 200) {
      res.socket.destroy();
      expect(used()).toEqual([]); // refused before any exit was tried
      return { status: res.status, reason: res.header('X-Resiport-Reason') };
    }
    expect((await roundTrip(res.socket, Buffer.from('x'))).toString()).toBe('x');
    res.socket.destroy();
    return { status: 200, used: used() };
  };
  const viaSocks = async (gateway: Gateway, suffix: string) => {
    const res = await socksConnect(
      gateway.socksPort,
      { host: '127.0.0.1', port: echo.port },
      { user: `${alice.user}${suffix}`, pass: alice.pass },
    );
    res.socket.destroy();
    return { authStatus: res.authStatus, rep: res.rep };
  };

  it('serves an exact match from the exit tagged with it, over HTTP and SOCKS5', async () => {
    expect(await viaHttp(tagged, '-country-us-state-ny-city-new_york')).toEqual({
      status: 200,
      used: ['us-ny'],
    });
    expect(await viaHttp(tagged, '-country-US-city-Los_Angeles')).toEqual({ status: 200, used: ['us-ca'] });
    expect(await viaHttp(tagged, '-country-de-city-munich-session-s1')).toEqual({
      status: 200,
      used: ['de-munich'],
    });
    expect(await viaSocks(tagged, '-country-de-city-munich')).toEqual({ authStatus: 0, rep: 0 });
    // No targeting: any exit, the untagged one included.
    expect((await viaHttp(tagged, '')).status).toBe(200);
  });

  it('refuses a place no exit serves with no_exit (HTTP 502, SOCKS5 0x03), never another place', async () => {
    for (const suffix of [
      '-country-de-city-berlin',
      '-country-fr',
      '-country-us-state-tx',
      '-country-us-city-boston',
    ]) {
      expect([suffix, await viaHttp(tagged, suffix)]).toEqual([suffix, { status: 502, reason: 'no_exit' }]);
      expect([suffix, await viaSocks(tagged, suffix)]).toEqual([suffix, { authStatus: 0, rep: 0x03 }]);
    }
  });

  it('refuses contradictory or unknown targeting as bad_username (407 / RFC 1929 failure)', async () => {
    for (const suffix of [
      '-country-gb-state-ny', // ny is tagged under us
      '-country-de-city-new_york', // new_york is tagged under us
      '-country-us-state-ca-city-new_york', // new_york is tagged under state ny
      '-country-xx', // not ISO 3166-1
      '-country-uk', // gb is the code
      '-city-berlin', // a city needs a country
      '-state-ny', // so does a state
      '-country-us-country-de',
    ]) {
      expect([suffix, await viaHttp(tagged, suffix)]).toEqual([
        suffix,
        { status: 407, reason: 'bad_username' },
      ]);
      expect([suffix, await viaSocks(tagged, suffix)]).toEqual([suffix, { authStatus: 1, rep: undefined }]);
    }
  });

  it('lets a forward_targeting exit serve a place no exit is tagged with (its upstream decides)', async () => {
    expect(await viaHttp(withProvider, '-country-de-city-berlin')).toEqual({
      status: 200,
      used: ['provider'],
    });
    expect(upstreams.provider?.users.at(-1)).toBe('up-country-de-city-berlin');
    expect(await viaHttp(withProvider, '-country-jp')).toEqual({ status: 200, used: ['provider'] });
    // Contradictions stay contradictions, whoever could carry them.
    expect(await viaHttp(withProvider, '-country-gb-state-ny')).toEqual({
      status: 407,
      reason: 'bad_username',
    });
  });

  it('the default pool (one untagged direct exit) serves lines without a location and refuses any location', async () => {
    expect((await viaHttp(byDefault, '')).status).toBe(200);
    expect((await viaHttp(byDefault, '-session-abc')).status).toBe(200);
    for (const suffix of ['-country-us', '-country-de-city-berlin', '-country-us-session-s1']) {
      expect([suffix, await viaHttp(byDefault, suffix)]).toEqual([
        suffix,
        { status: 502, reason: 'no_exit' },
      ]);
      expect([suffix, await viaSocks(byDefault, suffix)]).toEqual([suffix, { authStatus: 0, rep: 0x03 }]);
    }
  });
});
