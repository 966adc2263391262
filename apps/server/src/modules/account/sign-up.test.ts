import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../../../test/test-app';
import { activatedAccount, GOOD_PASSWORD, pathOf, signUp, uniqueEmail } from '../../../test/factories';
import { accountEndpoints, accountLinks, validationDetailsSchema } from '@resiport/contract';
import { apiUrl } from '@resiport/testkit';

describe('POST /account/signup and activation', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('creates a pending account and mails an activation link built from PUBLIC_URL, not the Host header', async () => {
    const email = uniqueEmail();
    const response = await t.send(
      accountEndpoints.signup,
      { email, password: GOOD_PASSWORD, confirm: GOOD_PASSWORD },
      { headers: { host: 'evil.example' } },
    );
    expect(response).toMatchObject({ status: 200, code: 0, data: null });
    expect(response.msg).toBe('The activation link has been sent, please open your email to activate');
    const mail = await t.mailbox.waitForMail({ to: email });
    expect(mail.text).toContain(`${TEST_PUBLIC_URL}/api/account/activate?token=`);
    expect(mail.text).not.toContain('evil.example');
    const account = await t.ctx.db
      .selectFrom('accounts')
      .selectAll()
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(account.status).toBe('pending');
    expect(account.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
  });

  it('activates once; the same link again says the account is already active (mail scanners open links first)', async () => {
    const { email, activationLink } = await signUp(t);
    const first = await t.app.inject({ method: 'GET', url: pathOf(activationLink) });
    expect(first.statusCode).toBe(302);
    expect(first.headers.location).toBe(`${TEST_PUBLIC_URL}/client/user/login?activation=activated`);
    const account = await t.ctx.db
      .selectFrom('accounts')
      .select('status')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(account.status).toBe('active');

    for (const round of [1, 2]) {
      const again = await t.app.inject({ method: 'GET', url: pathOf(activationLink) });
      expect(again.headers.location, `reopened ${round}`).toBe(
        `${TEST_PUBLIC_URL}/client/user/login?activation=already-active`,
      );
    }
    const after = await t.ctx.db
      .selectFrom('accounts')
      .select(['status', 'activated_at'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(after.status).toBe('active');
  });

  it('a forged link, none, or an over-long one is still "Invalid link" (the product text)', async () => {
    for (const url of [
      `${apiUrl(accountLinks.activate)}?token=forged`,
      apiUrl(accountLinks.activate),
      `${apiUrl(accountLinks.activate)}?token=${'x'.repeat(256)}`,
    ]) {
      const again = await t.app.inject({ method: 'GET', url });
      expect(again.headers.location, url).toBe(`${TEST_PUBLIC_URL}/client/user/login?activation=invalid`);
    }
  });

  it('a used-up link of an account that is not active stays invalid (a disabled account is not "already active")', async () => {
    const { email, activationLink } = await signUp(t);
    await t.app.inject({ method: 'GET', url: pathOf(activationLink) });
    await t.ctx.db.updateTable('accounts').set({ status: 'disabled' }).where('email', '=', email).execute();
    const again = await t.app.inject({ method: 'GET', url: pathOf(activationLink) });
    expect(again.headers.location).toContain('activation=invalid');
  });

  it('refuses sign-in before activation with the product message, after checking the password', async () => {
    const { email } = await signUp(t);
    const right = await t.send(accountEndpoints.login, { email, password: GOOD_PASSWORD });
    expect(right).toMatchObject({
      status: 403,
      code: 10006,
      msg: 'Please go to email to activate your account',
    });
    const wrong = await t.send(accountEndpoints.login, { email, password: 'Wrong1234' });
    expect(wrong).toMatchObject({ code: 10005, msg: 'Password error' });
  });

  it('answers "The email is registered" for an active account, in any letter case', async () => {
    const { email } = await activatedAccount(t);
    const response = await t.send(accountEndpoints.signup, {
      email: email.toUpperCase(),
      password: GOOD_PASSWORD,
      confirm: GOOD_PASSWORD,
    });
    expect(response).toMatchObject({ status: 409, code: 10002, msg: 'The email is registered' });
  });

  it('a second sign-up of a pending email replaces the password and voids the older link', async () => {
    const email = uniqueEmail();
    const first = await signUp(t, email, 'Stranger123');
    const second = await signUp(t, email, 'Owner12345');
    const stale = await t.app.inject({ method: 'GET', url: pathOf(first.activationLink) });
    expect(stale.headers.location).toContain('activation=invalid');
    await t.app.inject({ method: 'GET', url: pathOf(second.activationLink) });
    expect((await t.send(accountEndpoints.login, { email, password: 'Stranger123' })).code).toBe(10005);
    expect((await t.send(accountEndpoints.login, { email, password: 'Owner12345' })).code).toBe(0);
  });

  it('resendActivation sends a fresh link and voids the older one', async () => {
    const { email, activationLink } = await signUp(t);
    const response = await t.send(accountEndpoints.resendActivation, { email });
    expect(response.code).toBe(0);
    const mails = t.mailbox.mails.filter((m) => m.to.includes(email));
    expect(mails).toHaveLength(2);
    const stale = await t.app.inject({ method: 'GET', url: pathOf(activationLink) });
    expect(stale.headers.location).toContain('activation=invalid');
    expect((await t.send(accountEndpoints.resendActivation, { email: uniqueEmail() })).code).toBe(10004);
  });

  it.each([
    [
      { email: 'not-an-email', password: GOOD_PASSWORD, confirm: GOOD_PASSWORD },
      'email',
      'Please enter a valid email address',
    ],
    [
      { email: uniqueEmail(), password: 'Short12', confirm: 'Short12' },
      'password',
      'The password must be 8-30',
    ],
    [
      { email: uniqueEmail(), password: 'Long1'.repeat(7), confirm: 'Long1'.repeat(7) },
      'password',
      'The password must be 8-30',
    ],
    [
      { email: uniqueEmail(), password: 'lettersonly', confirm: 'lettersonly' },
      'password',
      'The password must be 8-30',
    ],
    [
      { email: uniqueEmail(), password: '1234567890', confirm: '1234567890' },
      'password',
      'The password must be 8-30',
    ],
    [
      { email: uniqueEmail(), password: GOOD_PASSWORD, confirm: 'Other1234' },
      'confirm',
      'The password is not the same',
    ],
    [{ email: '', password: GOOD_PASSWORD, confirm: GOOD_PASSWORD }, 'email', 'Required'],
    [{ password: GOOD_PASSWORD, confirm: GOOD_PASSWORD }, 'email', 'Required'],
    [
      { email: `${'a'.repeat(250)}@x.io`, password: GOOD_PASSWORD, confirm: GOOD_PASSWORD },
      'email',
      'This value is too long',
    ],
  ])('rejects bad input %# with a per-field message and creates nothing', async (values, field, message) => {
    const before = await t.ctx.db
      .selectFrom('accounts')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const response = await t.sendUnchecked(accountEndpoints.signup, values);
    expect(response).toMatchObject({ status: 400, code: 10001 });
    expect(validationDetailsSchema.parse(response.data).fields[field]).toContain(message);
    const after = await t.ctx.db
      .selectFrom('accounts')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('speaks Russian to a Russian browser, in messages and in the mail', async () => {
    const email = uniqueEmail();
    const bad = await t.sendUnchecked(
      accountEndpoints.signup,
      { email: 'x' },
      { headers: { 'accept-language': 'ru-RU,ru;q=0.9' } },
    );
    expect(bad.msg).toBe('Проверьте выделенные поля');
    expect(validationDetailsSchema.parse(bad.data).fields.email).toBe(
      'Введите корректный адрес электронной почты',
    );
    const ok = await t.send(
      accountEndpoints.signup,
      { email, password: GOOD_PASSWORD, confirm: GOOD_PASSWORD },
      { headers: { 'accept-language': 'ru' } },
    );
    expect(ok.msg).toBe('Ссылка для активации отправлена, откройте письмо, чтобы активировать аккаунт');
    const mail = await t.mailbox.waitForMail({ to: email });
    expect(mail.subject).toContain('Активируйте');
  });

  it('accepts JSON bodies too, and answers malformed JSON with a 400 envelope', async () => {
    const email = uniqueEmail();
    const json = await t.call({
      method: 'POST',
      url: apiUrl(accountEndpoints.signup),
      payload: { email, password: GOOD_PASSWORD, confirm: GOOD_PASSWORD },
    });
    expect(json.code).toBe(0);
    const broken = await t.call({
      method: 'POST',
      url: apiUrl(accountEndpoints.signup),
      payload: '{"email":',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken).toMatchObject({ status: 400, code: 10001 });
  });
});

describe('activation link expiry', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ACTIVATION_LINK_TTL_SECONDS: '600' });
  });
  afterAll(() => t.close());

  it('an expired link is invalid and leaves the account pending', async () => {
    const { email, activationLink } = await signUp(t);
    t.advanceClock(601);
    const response = await t.app.inject({ method: 'GET', url: pathOf(activationLink) });
    expect(response.headers.location).toContain('activation=invalid');
    const account = await t.ctx.db
      .selectFrom('accounts')
      .select('status')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(account.status).toBe('pending');
  });
});
