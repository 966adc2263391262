import type { Exit } from '@resiport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Gateway } from '../src/gateway';
import { upstreamSessionId } from '../src/route/upstream-username';
import { basic, httpConnect, roundTrip } from './clients';
import { ownerKey, startFakeServer, type FakeServer } from './fake-server';
import {
  closeServer,
  startEchoServer,
  startGateway,
  startUpstreamHttpProxy,
  startUpstreamSocks5,
} from './servers';

const GB = 1_000_000_000;

/**
 * Upstreams that speak the username grammar (`forward_targeting`): the customer's targeting and a
 * per-customer session id go into the upstream's username; other exits get their configured user.
 */
describe('forwarding targeting to upstream exits', () => {
  let fake: FakeServer;
  let echo: Awaited<ReturnType<typeof startEchoServer>>;
  let httpUpstream: Awaited<ReturnType<typeof startUpstreamHttpProxy>>;
  let socksUpstream: Awaited<ReturnType<typeof startUpstreamSocks5>>;
  const gateways: Gateway[] = [];
  const alice = { user: 'aliceproxy01', pass: 'Alice-pass.1' };

  beforeAll(async () => {
    fake = await startFakeServer();
    fake.addUser(alice.user, alice.pass, GB);
    echo = await startEchoServer();
    httpUpstream = await startUpstreamHttpProxy('grammar-http', { user: 'up', pass: 'up-pass' });
    socksUpstream = await startUpstreamSocks5('grammar-socks', { user: 'sock', pass: 'sock-pass' });
  });
  afterAll(async () => {
    await Promise.all(gateways.map((g) => g.close()));
    await Promise.all([echo, httpUpstream, socksUpstream].map((s) => closeServer(s)));
    await fake.close();
  });

  const grammarHttp = (): Exit => ({
    id: 'grammar-http',
    type: 'http',
    host: '127.0.0.1',
    port: httpUpstream.port,
    username: 'up',
    password: 'up-pass',
    weight: 1,
    forward_targeting: true,
  });
  const grammarSocks = (): Exit => ({
    id: 'grammar-socks',
    type: 'socks5',
    host: '127.0.0.1',
    port: socksUpstream.port,
    username: 'sock',
    password: 'sock-pass',
    weight: 1,
    forward_targeting: true,
  });

  /** The upstream user names sent while one tunnel was opened through a gateway with this one exit. */
  const seen = async (exit: Exit, suffix: string) => {
    const gateway = await startGateway(fake, { pool: { exits: [exit] } });
    gateways.push(gateway);
    const before = [httpUpstream.users.length, socksUpstream.users.length] as const;
    const { status, socket } = await httpConnect(
      gateway.httpPort,
      `127.0.0.1:${echo.port}`,
      basic(`${alice.user}${suffix}`, alice.pass),
    );
    expect(status).toBe(200);
    expect((await roundTrip(socket, Buffer.from('x'))).toString()).toBe('x');
    socket.destroy();
    return [...httpUpstream.users.slice(before[0]), ...socksUpstream.users.slice(before[1])];
  };

  it('appends the targeting and a per-customer session, only for exits marked forward_targeting', async () => {
    const alicesOwner = fake.users.get(alice.user)?.owner;
    if (!alicesOwner) throw new Error('alice missing');
    const session = upstreamSessionId(ownerKey(alicesOwner), 'S1');
    expect(await seen(grammarHttp(), '-country-DE-city-new_york-session-S1-sesstime-15')).toEqual([
      `up-country-de-city-new_york-session-${session}-sesstime-15`,
    ]);
    expect(await seen(grammarSocks(), '-country-fr')).toEqual(['sock-country-fr']);
    // Rotating without targeting: the configured user as is. Without the flag: never the customer's targeting.
    expect(await seen(grammarHttp(), '')).toEqual(['up']);
    expect(await seen({ ...grammarHttp(), forward_targeting: false, country: 'de' }, '-country-de')).toEqual([
      'up',
    ]);
    // Two customers' `S1` are different sessions for the provider; the id is the same on every process.
    expect(upstreamSessionId('1:1', 'S1')).not.toBe(upstreamSessionId('2:7', 'S1'));
    expect(upstreamSessionId('1:1', 'S1')).toMatch(/^[0-9a-f]{16}$/);
  });
});
