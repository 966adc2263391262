import { dynamicEndpoints } from '@resiport/contract';
import { successData } from '@resiport/testkit';
import type { Gateway } from '@resiport/gateway';
import { closeServer } from '@resiport/gateway/testing';
import type { TestApp } from '@resiport/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerWithSub as createCustomer } from './support/customers';
import { startGatewayFor, startProxyTestServer } from './support/gateways';
import { serverApi } from './support/server-api';
import { startOfFreshRateWindow } from '@resiport/server/testing';

/**
 * The portal's proxy test connects to the gateway from the server's own address for every customer.
 * With the real server and a real gateway on its shipped throttle settings: many customers' failed
 * tests from that one address do not break anyone else's test button (decision 018).
 */
describe("the portal's proxy test: one customer's failures do not break another's", () => {
  let t: TestApp;
  let gateway: Gateway;
  let ipEcho: Awaited<ReturnType<typeof startProxyTestServer>>['ipEcho'];

  beforeAll(async () => {
    ({ t, ipEcho } = await startProxyTestServer({ RATE_LIMIT_ENABLED: 'true' }));
    // The gateway's shipped throttle settings: only its ports are the test's.
    gateway = await startGatewayFor(t, 'it-portal');
    t.useGatewayPorts(gateway);
  });
  afterAll(async () => {
    await gateway.close();
    await closeServer(ipEcho);
    await t.close();
  });

  const customerWithSub = async () => {
    const { username, headers } = await createCustomer(t, 10);
    const test = (protocol: 'http' | 'socks5', user: string, password: string) =>
      serverApi(t).call(dynamicEndpoints.test, { protocol, username: user, password }, headers);
    return { username, test };
  };

  it('30 failed tests from the server address (wrong password, typo, unknown user) leave the next customer working', async () => {
    // The button's own limit counts in fixed windows: start in a fresh one, so the last test's 429
    // cannot be lost to a window ending mid-test on a slow machine.
    startOfFreshRateWindow(t);
    const [wrong, typo, unknown, fine] = [
      await customerWithSub(),
      await customerWithSub(),
      await customerWithSub(),
      await customerWithSub(),
    ];
    const errors: (string | null)[] = [];
    for (let i = 0; i < 10; i++) {
      for (const answer of [
        await wrong.test('http', wrong.username, `wrong-${i}`),
        await typo.test('http', `${typo.username}-contry-us`, 'Line-pass.1'),
        await unknown.test('http', 'nosuchuser0001', 'Line-pass.1'),
      ]) {
        errors.push(successData(answer).error);
      }
    }
    expect(errors.filter((e) => e === 'auth_failed')).toHaveLength(20);
    expect(errors.filter((e) => e === 'bad_username')).toHaveLength(10);

    for (const protocol of ['http', 'socks5'] as const) {
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
