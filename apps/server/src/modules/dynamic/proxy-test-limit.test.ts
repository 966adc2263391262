import { apiUrl, closedPort } from '@resiport/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, form, signedInAccount } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { accountRateLimits } from '../rate-limit/limits';
import { dynamicEndpoints } from '@resiport/contract';

/**
 * The portal's proxy test reaches the gateway from the server's own address for every customer, so
 * it is limited per account (decision 018). No gateway listens here: each test that gets through
 * answers `ok: false` quickly, which is all the limit needs.
 */
describe('the proxy test button: limited per account, not per address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_ENABLED: 'true', GATEWAY_HTTP_PORT: String(await closedPort()) });
  });
  afterAll(() => t.close());

  const proxyTest = (token: string) => {
    const body = form({ protocol: 'http', username: 'aliceproxy01', password: 'Line-pass.1' });
    return t.call({
      method: 'POST',
      url: apiUrl(dynamicEndpoints.test),
      payload: body.payload,
      headers: { ...body.headers, ...authHeader(token) },
    });
  };

  /** Moves the app's clock to the start of a fresh window, so the window cannot end mid-test. */
  const startOfWindow = (seconds: number) => {
    const ms = seconds * 1000;
    t.advanceClock((ms - (t.ctx.clock().getTime() % ms)) / 1000);
  };

  it('refuses the 11th test within the window for that account only, and lets it test again after', async () => {
    const { limit, windowSeconds } = accountRateLimits.proxyTest;
    const a = await signedInAccount(t);
    const b = await signedInAccount(t);
    startOfWindow(windowSeconds);
    for (let i = 0; i < limit; i++) {
      const passed = await proxyTest(a.token);
      expect([passed.status, passed.code]).toEqual([200, 0]);
      expect(passed.data).toMatchObject({ ok: false }); // it ran (nothing to reach here)
    }
    const refused = await proxyTest(a.token);
    expect(refused).toMatchObject({ status: 429, code: 10008 });
    expect(refused.msg).toBe('Too many attempts, please try again in 1 min');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(windowSeconds);
    // In the account's own language.
    await t.ctx.db.updateTable('accounts').set({ lang: 'ru' }).where('email', '=', a.email).execute();
    expect((await proxyTest(a.token)).msg).toBe('Слишком много попыток, повторите через 1 мин');

    // Another account, same client address: unaffected.
    expect((await proxyTest(b.token)).code).toBe(0);

    t.advanceClock(windowSeconds);
    expect((await proxyTest(a.token)).code).toBe(0);
  });
});
