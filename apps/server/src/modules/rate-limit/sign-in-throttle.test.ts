import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  activatedAccount,
  GOOD_PASSWORD,
  startOfFreshRateWindow,
  uniqueEmail,
} from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { signInLimits } from './limits';
import { countHit } from './rate-limit.repository';
import { keyOf, windowOf } from './rate-limiter';
import { accountEndpoints } from '@resiport/contract';
import { apiUrl } from '@resiport/testkit';

/** Fixed windows of `seconds` that the clock passed through between two readings. */
function windowsTouched(fromMs: number, toMs: number, seconds: number): number {
  const ms = seconds * 1000;
  return Math.floor(toMs / ms) - Math.floor(fromMs / ms) + 1;
}

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
      url: apiUrl(accountEndpoints.login),
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
    const startedAt = t.ctx.clock().getTime();
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
    const endedAt = t.ctx.clock().getTime();
    const [[free, firstSpacing]] = signInLimits.spacing;
    // The free failures, then at most one attempt in each spacing window the guessing touched.
    expect(checked).toBeLessThanOrEqual(free + windowsTouched(startedAt, endedAt, firstSpacing));
    expect(checked + refused).toBe(1000);
    const seconds = ((endedAt - startedAt) / 1000).toFixed(1);
    console.log(`distributed guessing: ${checked} of 1000 guesses checked in ${seconds} s`);

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

  it('crossing into a longer spacing step does not open a second slot in the same window', async () => {
    const { email } = await activatedAccount(t);
    const [[, shortest], [longerFrom]] = signInLimits.spacing;
    // Failures already counted from elsewhere: the next one takes the last place of the 2 s step,
    // the ones after it are in the 5 s step.
    const { windowStart } = windowOf(t.ctx.clock(), signInLimits.accountWindowSeconds);
    const failures = `login:account:${keyOf(email)}`;
    for (let i = 0; i < longerFrom - 1; i++) await countHit(t.ctx.db, failures, windowStart);
    // At the start of a 2 s window inside a 5 s one (whose windows then start at different times),
    // so the burst is most likely inside one 2 s window.
    const nowMs = t.ctx.clock().getTime();
    t.advanceClock((10_000 - (nowMs % 10_000) + 2_000) / 1000);
    const startedAt = t.ctx.clock().getTime();
    const codes = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => (await login(`10.77.0.${i}`, email, `Burst${i}x`)).code),
    );
    const endedAt = t.ctx.clock().getTime();
    const checked = codes.filter((code) => code === 10005).length;
    expect(checked).toBeGreaterThanOrEqual(1);
    // Before the fix the 2 s step's slot and the 5 s step's each let one through.
    expect(checked).toBeLessThanOrEqual(windowsTouched(startedAt, endedAt, shortest));
    expect(codes.filter((code) => code === 10008)).toHaveLength(20 - checked);
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
