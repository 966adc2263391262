import { extractFirstLink } from '@resiport/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activatedAccount,
  authHeader,
  GOOD_PASSWORD,
  logIn,
  postForm,
  signUp,
  uniqueEmail,
} from '../../../test/factories';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../../../test/test-app';

async function requestReset(t: TestApp, email: string): Promise<string> {
  const response = await postForm(t, '/api/account/forgetPwd', { email });
  expect(response).toMatchObject({ code: 0, msg: 'A password reset link has been sent to your email' });
  const mail = await t.mailbox.waitForMail({ to: email, subjectIncludes: 'Reset' });
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
    postForm(t, '/api/account/resetPwd', { token, password, confirm });

  it('unknown email → "This email has not been registered", and no mail goes out', async () => {
    const email = uniqueEmail();
    expect(await postForm(t, '/api/account/forgetPwd', { email })).toMatchObject({
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
    expect((await t.call({ method: 'GET', url: '/api/user/info', headers: authHeader(session) })).code).toBe(
      10013,
    );
    expect(await reset(token, 'Another123')).toMatchObject({ status: 400, code: 10016 });
    expect((await postForm(t, '/api/account/login', { email, password: 'Recovered1' })).code).toBe(0);
    expect((await postForm(t, '/api/account/login', { email, password: GOOD_PASSWORD })).code).toBe(10005);
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
    expect((await postForm(t, '/api/account/login', { email, password: 'Recovered1' })).code).toBe(0);
  });

  it('an expired link is refused', async () => {
    const { email } = await activatedAccount(t);
    const token = await requestReset(t, email);
    t.advanceClock(901);
    expect(await reset(token, 'Recovered1')).toMatchObject({ code: 10016 });
  });
});
