import { createServer, type AddressInfo, type Server } from 'node:net';
import { successData } from '@resiport/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAccount } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { dynamicEndpoints } from '@resiport/contract';

/**
 * The proxy test reports the gateway's refusal in its own words, in the account's
 * language. A stand-in gateway on a real socket answers every CONNECT as the real one does when a
 * line has no traffic: 402 with `X-Resiport-Reason` and a text body.
 */
describe("the proxy test: the gateway's refusal in words", () => {
  let t: TestApp;
  let gateway: Server;
  let reason = 'no_traffic';

  beforeAll(async () => {
    gateway = createServer((socket) => {
      socket.once('data', () => {
        socket.end(
          `HTTP/1.1 402 Payment Required\r\nX-Resiport-Reason: ${reason}\r\nContent-Type: text/plain\r\n` +
            `Connection: close\r\n\r\nOut of traffic\n`,
        );
      });
    });
    // The stand-in binds a port of its own choosing; the app is then told where it is (a TCP listener's
    // address is an AddressInfo, never a pipe's string).
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
    const { port } = gateway.address() as AddressInfo;
    t = await createTestApp({ GATEWAY_HTTP_PORT: String(port) });
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => gateway.close(resolve));
  });

  const proxyTest = (token: string) =>
    t.send(
      dynamicEndpoints.test,
      { protocol: 'http', username: 'aliceproxy01', password: 'Line-pass.1' },
      { token },
    );

  it('answers the reason and the gateway text in English, then in Russian for a Russian account', async () => {
    const { token, email } = await signedInAccount(t);
    reason = 'no_traffic';
    expect(await proxyTest(token)).toMatchObject({
      code: 0,
      data: {
        ok: false,
        error: 'no_traffic',
        detail:
          'Out of traffic: top up your balance or allocate traffic to this sub-account in the portal, then retry.',
      },
    });
    await t.ctx.db.updateTable('accounts').set({ lang: 'ru' }).where('email', '=', email).execute();
    const russian = await proxyTest(token);
    expect(successData(russian).detail).toMatch(/^Трафик закончился/);
  });

  it('has no words for a reason the gateway table does not know', async () => {
    const { token } = await signedInAccount(t);
    reason = 'something_new';
    expect(await proxyTest(token)).toMatchObject({
      data: { ok: false, error: 'something_new', detail: null },
    });
  });
});
