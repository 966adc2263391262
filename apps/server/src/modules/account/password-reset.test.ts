import { apiUrl, extractFirstLink, successData } from '@resiport/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activatedAccount,
  GOOD_PASSWORD,
  logIn,
  signUp,
  startOfFreshRateWindow,
  uniqueEmail,
} from '../../../test/factories';
import { ipRateLimits } from '../rate-limit/limits';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../../../test/test-app';
import { accountEndpoints } from '@resiport/contract';

async function requestReset(t: TestApp, email: string): Promise<string> {
  const earlier = new Set(t.mailbox.mails);
  const response = await t.send(accountEndpoints.forgetPwd, { email });
  expect(response).toMatchObject({ code: 0, msg: 'A password reset link has been sent to your email' });
  // This request's mail, not an earlier one to the same address.
  const mail = await t.mailbox.waitForMail(
    (m) => !earlier.has(m) && m.to.includes(email) && m.subject.includes('Reset'),
  );
  const link = extractFirstLink(mail, '/client/user/resetpassword');
  expect(link.startsWith(`${TEST_PUBLIC_URL}/client/user/resetpassword?token=`)).toBe(true);
  return new URL(link).searchParams.get('token') ?? '';
}

describe('password recovery: /account/forgetPwd and /account/resetPwd', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RESET_LINK_TTL_SECONDS: '900' });
  });
  afterAll(() => t.close());

  const reset = (token: string, password: string, confirm = password) =>
    t.send(accountEndpoints.resetPwd, { token, password, confirm });
  const check = (token: string) => t.send(accountEndpoints.checkResetLink, { token });

  it('unknown email → "This email has not been registered", and no mail goes out', async () => {
    const email = uniqueEmail();
    expect(await t.send(accountEndpoints.forgetPwd, { email })).toMatchObject({
      status: 404,
      code: 10004,
    });
    expect(t.mailbox.mails.some((m) => m.to.includes(email))).toBe(false);
  });

  it('sets a new password once, ends every session and voids the link', async () => {
    const { email } = await activatedAccount(t);
    const session = await logIn(t, email);
    const token = await requestReset(t, email);
    expect(await reset(token, 'Recovered1')).toMatchObject({ code: 0 });
    expect((await t.send(accountEndpoints.userInfo, {}, { token: session })).code).toBe(10013);
    expect(await reset(token, 'Another123')).toMatchObject({ status: 400, code: 10016 });
    expect((await t.send(accountEndpoints.login, { email, password: 'Recovered1' })).code).toBe(0);
    expect((await t.send(accountEndpoints.login, { email, password: GOOD_PASSWORD })).code).toBe(10005);
  });

  it('tells the owner by mail that the password was reset, with the time and the security settings link', async () => {
    const { email } = await activatedAccount(t);
    const token = await requestReset(t, email);
    const earlier = new Set(t.mailbox.mails);
    expect(await reset(token, 'Recovered1')).toMatchObject({ code: 0 });
    const mail = await t.mailbox.waitForMail(
      (m) => !earlier.has(m) && m.to.includes(email) && m.subject.includes('your password was reset'),
    );
    expect(mail.text).toMatch(/When: \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/);
    expect(extractFirstLink(mail, '/client/account/setting')).toBe(
      `${TEST_PUBLIC_URL}/client/account/setting?tab=security`,
    );
    // Neither the new password nor the spent link is in it.
    expect(mail.text).not.toContain('Recovered1');
    expect(mail.text).not.toContain(token);
    // A refused reset (the link is spent) tells nobody anything.
    const before = t.mailbox.mails.length;
    expect(await reset(token, 'Another123')).toMatchObject({ code: 10016 });
    expect(t.mailbox.mails.slice(before).filter((m) => m.to.includes(email))).toEqual([]);
  });

  it('refuses the current password and keeps the link usable; bad input changes nothing', async () => {
    const { email } = await activatedAccount(t);
    const token = await requestReset(t, email);
    expect(await reset(token, GOOD_PASSWORD)).toMatchObject({ code: 10007 });
    expect(await reset(token, 'short')).toMatchObject({ code: 10001 });
    expect(await reset(token, 'Recovered1', 'Mismatch1')).toMatchObject({ code: 10001 });
    expect(await reset('forged-token', 'Recovered1')).toMatchObject({ code: 10016 });
    expect(await reset(token, 'Recovered1')).toMatchObject({ code: 0 });
  });

  it('a reset proves the mailbox, so it activates a pending account', async () => {
    const { email } = await signUp(t);
    const token = await requestReset(t, email);
    expect((await reset(token, 'Recovered1')).code).toBe(0);
    expect((await t.send(accountEndpoints.login, { email, password: 'Recovered1' })).code).toBe(0);
  });

  it('checkResetLink: says valid (until when), used or expired, spending nothing', async () => {
    const { email } = await activatedAccount(t);
    const token = await requestReset(t, email);
    const valid = await check(token);
    expect(valid).toMatchObject({ code: 0, data: { state: 'valid' } });
    // The test clock runs on from real time: the link was made a moment ago with a 900 s life.
    const leftMs = Date.parse(successData(valid).expires_at ?? '') - t.ctx.clock().getTime();
    expect(leftMs).toBeGreaterThan(890_000);
    expect(leftMs).toBeLessThanOrEqual(900_000);
    expect(await check(token)).toMatchObject({ data: { state: 'valid' } });
    expect(await reset(token, 'Recovered1')).toMatchObject({ code: 0 });
    expect(await check(token)).toMatchObject({ code: 0, data: { state: 'used', expires_at: null } });

    const other = await activatedAccount(t);
    const unused = await requestReset(t, other.email);
    t.advanceClock(901);
    expect(await check(unused)).toMatchObject({ code: 0, data: { state: 'expired', expires_at: null } });
  });

  it('checkResetLink: another reset link of the account is used up by a reset', async () => {
    const { email } = await activatedAccount(t);
    const first = await requestReset(t, email);
    const second = await requestReset(t, email);
    expect(second).not.toBe(first);
    expect(await reset(second, 'Recovered1')).toMatchObject({ code: 0 });
    expect(await check(first)).toMatchObject({ data: { state: 'used' } });
  });

  it('checkResetLink: unknown, empty, another purpose or a disabled account is invalid; too long or missing is refused', async () => {
    const { email, activationLink } = await signUp(t);
    const activationToken = new URL(activationLink).searchParams.get('token') ?? '';
    for (const token of ['forged-token', '', activationToken, '<script>']) {
      expect(await check(token), token).toMatchObject({
        code: 0,
        data: { state: 'invalid', expires_at: null },
      });
    }
    const token = await requestReset(t, email);
    await t.ctx.db.updateTable('accounts').set({ status: 'disabled' }).where('email', '=', email).execute();
    expect(await check(token)).toMatchObject({ data: { state: 'invalid' } });
    expect(await check('x'.repeat(257))).toMatchObject({ status: 400, code: 10001 });
    expect(await t.sendUnchecked(accountEndpoints.checkResetLink, {})).toMatchObject({
      status: 400,
      code: 10001,
    });
  });

  it('an expired link is refused', async () => {
    const { email } = await activatedAccount(t);
    const token = await requestReset(t, email);
    t.advanceClock(901);
    expect(await reset(token, 'Recovered1')).toMatchObject({ code: 10016 });
  });
});

describe('checkResetLink is rate-limited per client IP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_ENABLED: 'true' });
  });
  afterAll(() => t.close());

  const checkFrom = (ip: string) =>
    t.call({
      method: 'POST',
      url: apiUrl(accountEndpoints.checkResetLink),
      remoteAddress: ip,
      payload: 'token=guess',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });

  it(`answers ${ipRateLimits.checkResetLink.limit} checks an hour from one address, then 429; others go on`, async () => {
    startOfFreshRateWindow(t);
    for (let i = 0; i < ipRateLimits.checkResetLink.limit; i++) {
      expect((await checkFrom('198.51.100.7')).code).toBe(0);
    }
    const blocked = await checkFrom('198.51.100.7');
    expect(blocked).toMatchObject({ status: 429, code: 10008 });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await checkFrom('198.51.100.8')).code).toBe(0);
  });
});

describe('the reset mail words its lifetime by plural rules', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RESET_LINK_TTL_SECONDS: '3600' });
  });
  afterAll(() => t.close());

  it.each([
    ['en', 'The link works once and expires in 1 hour.'],
    ['ru', 'Ссылка одноразовая и действует 1 час.'],
  ])('%s: "%s"', async (lang, expiry) => {
    const { email } = await activatedAccount(t);
    await t.ctx.db
      .updateTable('accounts')
      .set({ lang: lang === 'ru' ? 'ru' : 'en-us' })
      .where('email', '=', email)
      .execute();
    await t.send(accountEndpoints.forgetPwd, { email });
    const mail = await t.mailbox.waitForMail({
      to: email,
      subjectIncludes: lang === 'ru' ? 'Сброс' : 'Reset',
    });
    expect(mail.text).toContain(expiry);
    expect(mail.html).toContain(expiry);
  });
});
