import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  activatedAccount,
  GOOD_PASSWORD,
  startOfFreshRateWindow,
  uniqueEmail,
} from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { signInLimits } from './limits';

/** Sign-in throttling that a stranger cannot turn against the owner (decision 021). */
describe('sign-in throttling', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_ENABLED: 'true' });
  });
  afterAll(() => t.close());

  beforeEach(() => startOfFreshRateWindow(t));

  const login = (ip: string, email: string, password: string) =>
    t.call({
      method: 'POST',
      url: '/api/account/login',
      remoteAddress: ip,
      payload: { email, password },
    });

  it('1,000 wrong passwords from one address: that address is refused, the owner elsewhere signs in at once', async () => {
    const { email } = await activatedAccount(t);
    const codes = new Map<number, number>();
    for (let i = 0; i < 1000; i++) {
      const { code } = await login('192.0.2.66', email, `Wrong${i}xyz`);
      codes.set(code, (codes.get(code) ?? 0) + 1);
    }
    // Only the first few were checked at all; the rest were refused without looking at the password.
    expect(codes.get(10005)).toBe(signInLimits.ipAccount.limit);
    expect(codes.get(10008)).toBe(1000 - signInLimits.ipAccount.limit);
    const owner = await login('198.51.100.7', email, GOOD_PASSWORD);
    expect(owner.code).toBe(0);
  });

  it('successful sign-ins never count: the 30th correct sign-in in a row works, and failures still have their budget', async () => {
    const { email } = await activatedAccount(t);
    for (let i = 0; i < 30; i++) expect((await login('192.0.2.70', email, GOOD_PASSWORD)).code).toBe(0);
    for (let i = 0; i < signInLimits.ipAccount.limit; i++) {
      expect((await login('192.0.2.70', email, 'Wrong123x')).code).toBe(10005);
    }
    const refused = await login('192.0.2.70', email, GOOD_PASSWORD);
    expect(refused).toMatchObject({ status: 429, code: 10008 });
  });

  it('a distributed guess (100 addresses × 10) is spaced out; a known address is not, a new one waits seconds', async () => {
    const { email } = await activatedAccount(t);
    // The owner signed in from home before the attack.
    expect((await login('203.0.113.10', email, GOOD_PASSWORD)).code).toBe(0);
    const started = Date.now();
    let checked = 0;
    let refused = 0;
    for (let round = 0; round < 10; round++) {
      await Promise.all(
        Array.from({ length: 100 }, async (_, i) => {
          const { code, headers } = await login(`10.9.${round}.${i}`, email, `Guess${round}x${i}`);
          if (code === 10005) checked += 1;
          if (code === 10008) {
            refused += 1;
            expect(Number(headers['retry-after'])).toBeLessThanOrEqual(10);
          }
        }),
      );
    }
    const elapsedSeconds = (Date.now() - started) / 1000;
    const firstSpacing = signInLimits.spacing[0][1];
    // 20 free failures, then at most one attempt per spacing window (plus the window in progress).
    expect(checked).toBeLessThanOrEqual(
      signInLimits.spacing[0][0] + Math.ceil(elapsedSeconds / firstSpacing) + 1,
    );
    expect(checked + refused).toBe(1000);
    console.log(`distributed guessing: ${checked} of 1000 guesses checked in ${elapsedSeconds.toFixed(1)} s`);

    // The owner at home is not slowed down at all.
    expect((await login('203.0.113.10', email, GOOD_PASSWORD)).code).toBe(0);
    // From a new address the owner may have to wait a few seconds, never minutes.
    const fromCafe = await login('198.51.100.99', email, GOOD_PASSWORD);
    if (fromCafe.code === 10008) {
      expect(fromCafe.msg).toMatch(/^Too many attempts, please try again in \d+ s$/);
      t.advanceClock(Number(fromCafe.headers['retry-after']));
      expect((await login('198.51.100.99', email, GOOD_PASSWORD)).code).toBe(0);
    } else {
      expect(fromCafe.code).toBe(0);
    }
  });

  it('an unknown email counts like a wrong password (no free guessing of which emails exist)', async () => {
    const email = uniqueEmail();
    for (let i = 0; i < signInLimits.ipAccount.limit; i++) {
      expect((await login('192.0.2.80', email, GOOD_PASSWORD)).code).toBe(10004);
    }
    expect((await login('192.0.2.80', email, GOOD_PASSWORD)).code).toBe(10008);
  });

  it('logs failures as security events, never the password', async () => {
    const { email } = await activatedAccount(t);
    await login('192.0.2.90', email, 'NotThePassword77');
    const events = t.logs.filter((line) => line.includes('security.sign_in_failed'));
    expect(events.length).toBeGreaterThan(0);
    // Refusals by the throttle (the earlier tests) are security events too.
    expect(t.logs.some((line) => line.includes('"event":"security.rate_limited"'))).toBe(true);
    expect(t.logs.join('\n')).not.toContain('NotThePassword77');
  });
});
