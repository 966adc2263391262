import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOOD_PASSWORD, uniqueEmail } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { rateLimits } from './limits';

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

describe('rate limits on login, sign-up, forgetPwd and activation resend', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_ENABLED: 'true' });
  });
  afterAll(() => t.close());

  it('login: per email, across many IPs, then 429 with Retry-After; the window passing lifts it', async () => {
    const email = uniqueEmail();
    const { limit } = rateLimits.login.email;
    for (let i = 0; i < limit; i++) {
      const response = await from(t, `10.0.0.${i + 1}`, '/api/account/login', {
        email,
        password: 'Wrong1234',
      });
      expect(response.code).toBe(10004);
    }
    const blocked = await from(t, '10.0.1.1', '/api/account/login', { email, password: GOOD_PASSWORD });
    expect(blocked).toMatchObject({ status: 429, code: 10008 });
    expect(blocked.msg).toMatch(/^Too many attempts, please try again in \d+ min$/);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(rateLimits.login.email.windowSeconds);
    const ru = await from(t, '10.0.1.2', '/api/account/login', { email, password: GOOD_PASSWORD }, 'ru');
    expect(ru.msg).toMatch(/^Слишком много попыток/);
    t.advanceClock(rateLimits.login.email.windowSeconds);
    expect((await from(t, '10.0.1.3', '/api/account/login', { email, password: GOOD_PASSWORD })).code).toBe(
      10004,
    );
  });

  it('login: per IP, spraying many emails from one address', async () => {
    const ip = '192.0.2.10';
    const { limit } = rateLimits.login.ip;
    for (let i = 0; i < limit; i++) {
      expect(
        (await from(t, ip, '/api/account/login', { email: uniqueEmail(), password: GOOD_PASSWORD })).code,
      ).toBe(10004);
    }
    expect(
      (await from(t, ip, '/api/account/login', { email: uniqueEmail(), password: GOOD_PASSWORD })).code,
    ).toBe(10008);
    expect(
      (await from(t, '192.0.2.11', '/api/account/login', { email: uniqueEmail(), password: GOOD_PASSWORD }))
        .code,
    ).toBe(10004);
  });

  it.each([
    ['signup', '/api/account/signup', rateLimits.signup.email.limit],
    ['forgetPwd', '/api/account/forgetPwd', rateLimits.forgetPwd.email.limit],
    ['resendActivation', '/api/account/resendActivation', rateLimits.resendActivation.email.limit],
  ])('%s: per email', async (_name, url, limit) => {
    const email = uniqueEmail();
    const values = { email, password: GOOD_PASSWORD, confirm: GOOD_PASSWORD };
    for (let i = 0; i < limit; i++) {
      expect((await from(t, `198.51.100.${i + 1}`, url, values)).code).not.toBe(10008);
    }
    expect((await from(t, '198.51.100.200', url, values)).code).toBe(10008);
  });

  it('trusts X-Forwarded-For only when TRUST_PROXY says so', async () => {
    const email = uniqueEmail();
    for (let i = 0; i < rateLimits.forgetPwd.ip.limit; i++) {
      await t.call({
        method: 'POST',
        url: '/api/account/forgetPwd',
        remoteAddress: '203.0.113.5',
        headers: { 'x-forwarded-for': `7.7.7.${i}` },
        payload: { email: `${i}${email}` },
      });
    }
    const spoofed = await t.call({
      method: 'POST',
      url: '/api/account/forgetPwd',
      remoteAddress: '203.0.113.5',
      headers: { 'x-forwarded-for': '8.8.8.8' },
      payload: { email: `x${email}` },
    });
    expect(spoofed.code).toBe(10008);
  });
});
