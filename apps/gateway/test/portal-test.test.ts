import { freePort } from '@resiport/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postForm } from '../../server/test/factories';
import { createTestApp, type TestApp } from '../../server/test/test-app';
import { createGateway, loadGatewayConfig, silentLogger, type Gateway } from '../src/index';
import { closeServer, startIpEcho } from './servers';
import { customerWithSub as createCustomer } from './customers';

/**
 * The portal's proxy test connects to the gateway from the server's own address for every customer.
 * With the real server and a real gateway on its shipped throttle settings: many customers' failed
 * tests from that one address do not break anyone else's test button (decision 018).
 */
describe("the portal's proxy test: one customer's failures do not break another's", () => {
  let t: TestApp;
  let gateway: Gateway;
  let ipEcho: Awaited<ReturnType<typeof startIpEcho>>;

  beforeAll(async () => {
    ipEcho = await startIpEcho();
    const echoPort = ipEcho.port;
    const ports = { http: await freePort(), socks: await freePort() };
    t = await createTestApp(
      {
        RATE_LIMIT_ENABLED: 'true',
        GATEWAY_HTTP_PORT: String(ports.http),
        GATEWAY_SOCKS_PORT: String(ports.socks),
        PROXY_TEST_URL: `http://127.0.0.1:${echoPort}/json`,
      },
      { listen: true },
    );
    gateway = await createGateway(
      loadGatewayConfig(
        {
          GATEWAY_HOST: '127.0.0.1',
          GATEWAY_HTTP_PORT: String(ports.http),
          GATEWAY_SOCKS_PORT: String(ports.socks),
          GATEWAY_ALLOW_PRIVATE: 'true', // the test's "internet" is on loopback
        },
        { internalSecret: t.ctx.internalSecret, serverUrl: t.config.publicUrl, instanceId: 'it-portal' },
      ),
      { log: silentLogger },
    );
  });
  afterAll(async () => {
    await gateway.close();
    await closeServer(ipEcho);
    await t.close();
  });

  const customerWithSub = async () => {
    const { username, headers } = await createCustomer(t, 10);
    const test = (protocol: string, user: string, password: string) =>
      postForm(t, '/api/dynamic/testproxy', { protocol, username: user, password }, headers);
    return { username, test };
  };

  it('30 failed tests from the server address (wrong password, typo, unknown user) leave the next customer working', async () => {
    const [wrong, typo, unknown, fine] = [
      await customerWithSub(),
      await customerWithSub(),
      await customerWithSub(),
      await customerWithSub(),
    ];
    const errors: string[] = [];
    for (let i = 0; i < 10; i++) {
      for (const answer of [
        await wrong.test('http', wrong.username, `wrong-${i}`),
        await typo.test('http', `${typo.username}-contry-us`, 'Line-pass.1'),
        await unknown.test('http', 'nosuchuser0001', 'Line-pass.1'),
      ]) {
        expect(answer.code).toBe(0);
        errors.push((answer.data as { error: string }).error);
      }
    }
    expect(errors.filter((e) => e === 'auth_failed')).toHaveLength(20);
    expect(errors.filter((e) => e === 'bad_username')).toHaveLength(10);

    for (const protocol of ['http', 'socks5']) {
      const passed = await fine.test(protocol, `${fine.username}-session-s1`, 'Line-pass.1');
      expect([protocol, passed.data]).toMatchObject([
        protocol,
        { ok: true, exit_ip: '127.0.0.1', error: null },
      ]);
    }
    // The customer who kept failing has used up the button's own limit on the server.
    const limited = await wrong.test('http', wrong.username, 'Line-pass.1');
    expect(limited).toMatchObject({ status: 429, code: 10008 });
  });
});
