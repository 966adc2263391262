import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOOD_PASSWORD, startOfFreshRateWindow, uniqueEmail } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { rateLimits } from './limits';
import { accountEndpoints } from '@resiport/contract';
import { apiUrl } from '@resiport/testkit';

/** Calls from a chosen client IP (the limiter keys on IP and on email). */
function from(t: TestApp, ip: string, url: string, values: Record<string, string>, lang = 'en') {
  return t.call({
    method: 'POST',
    url,
    remoteAddress: ip,
    payload: new URLSearchParams(values).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': lang },
  });
}

describe('rate limits on sign-up, forgetPwd and activation resend', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_ENABLED: 'true' });
  });
  afterAll(() => t.close());

  it.each([
    ['signup', apiUrl(accountEndpoints.signup), rateLimits.signup],
    ['forgetPwd', apiUrl(accountEndpoints.forgetPwd), rateLimits.forgetPwd],
    ['resendActivation', apiUrl(accountEndpoints.resendActivation), rateLimits.resendActivation],
  ] as const)(
    '%s: tight per (IP, email), loose per email across IPs, with a 429 that says when',
    async (_name, url, limits) => {
      startOfFreshRateWindow(t);
      const email = uniqueEmail();
      const values = { email, password: GOOD_PASSWORD, confirm: GOOD_PASSWORD };
      for (let i = 0; i < limits.ipEmail.limit; i++) {
        expect((await from(t, '198.51.100.1', url, values)).code).not.toBe(10008);
      }
      const blocked = await from(t, '198.51.100.1', url, values);
      expect(blocked).toMatchObject({ status: 429, code: 10008 });
      expect(blocked.msg).toMatch(/^Too many attempts, please try again in \d+ min$/);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      const ru = await from(t, '198.51.100.1', url, values, 'ru');
      expect(ru.msg).toMatch(/^Слишком много попыток/);
      // The owner at another address is not stopped by what was done from the first one...
      expect((await from(t, '198.51.100.2', url, values)).code).not.toBe(10008);
      // ...until the loose per-email budget, which bounds mail to one address, is spent too.
      const spent = limits.ipEmail.limit + 1;
      for (let i = spent; i < limits.email.limit; i++) {
        expect((await from(t, `198.51.101.${i}`, url, values)).code).not.toBe(10008);
      }
      expect((await from(t, '198.51.102.1', url, values)).code).toBe(10008);
    },
  );

  it('trusts X-Forwarded-For only when TRUST_PROXY says so', async () => {
    const email = uniqueEmail();
    for (let i = 0; i < rateLimits.forgetPwd.ip.limit; i++) {
      await t.call({
        method: 'POST',
        url: apiUrl(accountEndpoints.forgetPwd),
        remoteAddress: '203.0.113.5',
        headers: { 'x-forwarded-for': `7.7.7.${i}` },
        payload: { email: `${i}${email}` },
      });
    }
    const spoofed = await t.call({
      method: 'POST',
      url: apiUrl(accountEndpoints.forgetPwd),
      remoteAddress: '203.0.113.5',
      headers: { 'x-forwarded-for': '8.8.8.8' },
      payload: { email: `x${email}` },
    });
    expect(spoofed.code).toBe(10008);
  });
});
