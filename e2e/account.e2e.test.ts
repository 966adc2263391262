import {
  extractFirstLink,
  startMockOAuthProvider,
  startSmtpCapture,
  type MockOAuthProvider,
  type SmtpCapture,
} from '@resiport/testkit';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchBrowser, saveFailureArtifacts } from './support/browser';
import { expectToast, fillForm, signIn, storedSession, submit, uniqueEmail } from './support/journey';
import { startServerProcess, type ServerProcess } from './support/server-process';

describe('account journeys in Chromium', () => {
  let mailbox: SmtpCapture;
  let google: MockOAuthProvider<'google'>;
  let yandex: MockOAuthProvider<'yandex'>;
  let server: ServerProcess;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    mailbox = await startSmtpCapture();
    google = await startMockOAuthProvider({
      kind: 'google',
      clientId: 'e2e-google',
      clientSecret: 'g-secret',
    });
    yandex = await startMockOAuthProvider({
      kind: 'yandex',
      clientId: 'e2e-yandex',
      clientSecret: 'y-secret',
    });
    server = await startServerProcess({
      SMTP_URL: mailbox.url,
      GOOGLE_CLIENT_ID: 'e2e-google',
      GOOGLE_CLIENT_SECRET: 'g-secret',
      GOOGLE_AUTH_URL: google.authUrl,
      GOOGLE_TOKEN_URL: google.tokenUrl,
      GOOGLE_USERINFO_URL: google.userInfoUrl,
      YANDEX_CLIENT_ID: 'e2e-yandex',
      YANDEX_CLIENT_SECRET: 'y-secret',
      YANDEX_AUTH_URL: yandex.authUrl,
      YANDEX_TOKEN_URL: yandex.tokenUrl,
      YANDEX_USERINFO_URL: yandex.userInfoUrl,
    });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser.close();
    await server.stop();
    await Promise.all([mailbox.close(), google.close(), yandex.close()]);
  });

  beforeEach(async () => {
    context = await browser.newContext({ locale: 'en-US' });
    page = await context.newPage();
  });
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail') await saveFailureArtifacts(page, task.name, server.logs);
    await context.close();
  });

  const userInfo = async () => {
    const { jwt_token } = await storedSession(page);
    const response = await fetch(`${server.url}/api/user/info`, { headers: { 'JWT-TOKEN': jwt_token } });
    return ((await response.json()) as { data: { email: string; lang: string } }).data;
  };

  it('sign up → activation mail → activate → sign in → Russian → change password → sign out', async () => {
    const email = uniqueEmail('journey');
    await page.goto(`${server.url}/client/`);
    await page.waitForURL('**/client/user/login');
    await page.getByTestId('link-register').click();
    await page.waitForURL('**/client/user/register');
    await fillForm(page, { email, password: 'Journey123', confirm: 'Journey123' });
    await submit(page, 'Sign up');
    await expect
      .poll(() => page.getByTestId('register-sent').textContent())
      .toContain('The activation link has been sent, please open your email to activate');

    const mail = await mailbox.waitForMail({ to: email });
    await page.goto(extractFirstLink(mail, '/api/account/activate'));
    await page.waitForURL('**/client/user/login?activation=activated');
    await page.getByTestId('activation-alert').waitFor();

    await fillForm(page, { email, password: 'Journey123' });
    await submit(page, 'Sign in');
    await page.waitForURL('**/client/dashboard');
    await expect.poll(() => page.title()).toBe('Dashboard - Resiport');
    await expect.poll(() => page.getByTestId('user-email').textContent()).toBe(email);

    await page.getByTestId('language-switch').click();
    await page.getByTestId('language-option-ru-RU').click();
    await page.waitForLoadState('load');
    await expect.poll(() => page.title()).toBe('Панель управления - Resiport');
    await expect.poll(async () => (await userInfo()).lang).toBe('ru');

    await page.goto(`${server.url}/client/account/resetpassword`);
    await fillForm(page, { old_password: 'Wrong12345', password: 'Changed123', confirm: 'Changed123' });
    await page.locator('button[type=submit]').click();
    await expectToast(page, 'Неверный пароль');
    await fillForm(page, { old_password: 'Journey123' });
    await page.locator('button[type=submit]').click();
    await expectToast(page, 'Пароль изменён');

    // The menu may close under a click while the header re-renders after the password change (seen once in
    // CI): open it and choose "sign out" again until the sign-in page shows.
    for (let attempt = 1; ; attempt++) {
      await page.getByTestId('user-menu').click();
      await page.getByTestId('sign-out').click();
      try {
        await page.waitForURL('**/client/user/login', { timeout: 5000 });
        break;
      } catch (error) {
        if (attempt === 3) throw error;
      }
    }
    expect(await page.evaluate(() => localStorage.getItem('userAuthData'))).toBeNull();
    await page.evaluate(() => localStorage.setItem('umi_locale', 'en-US'));
    await signIn(page, server.url, email, 'Changed123');
  });

  it('forgot password → reset mail → new password → sign in', async () => {
    const email = uniqueEmail('forgot');
    const signup = await fetch(`${server.url}/api/account/signup`, {
      method: 'POST',
      body: new URLSearchParams({ email, password: 'Forgot1234', confirm: 'Forgot1234' }),
    });
    expect(((await signup.json()) as { code: number }).code).toBe(0);
    await page.goto(extractFirstLink(await mailbox.waitForMail({ to: email }), '/api/account/activate'));

    await page.goto(`${server.url}/client/user/login`);
    await page.getByTestId('link-forgot-password').click();
    await page.waitForURL('**/client/user/emailtoreset');
    await fillForm(page, { email });
    await submit(page, 'Send reset link');
    await expect
      .poll(() => page.getByTestId('reset-link-sent').textContent())
      .toContain('A password reset link has been sent to your email');

    const resetMail = await mailbox.waitForMail({ to: email, subjectIncludes: 'Reset' });
    await page.goto(extractFirstLink(resetMail, '/client/user/resetpassword'));
    await fillForm(page, { password: 'Renewed123', confirm: 'Renewed123' });
    await submit(page, 'Save new password');
    await page.waitForURL('**/client/user/login**');
    await signIn(page, server.url, email, 'Renewed123');
  });

  it('Google sign-in through a local OAuth provider lands signed in', async () => {
    const email = uniqueEmail('google');
    google.setNextUser({ sub: `google-${email}`, email, email_verified: true });
    await page.goto(`${server.url}/client/user/login`);
    await page.getByRole('button', { name: 'Sign in with Google' }).click();
    await page.waitForURL('**/client/dashboard');
    expect((await userInfo()).email).toBe(email);
  });

  it('Yandex sign-in through a local OAuth provider lands signed in', async () => {
    const email = uniqueEmail('yandex');
    yandex.setNextUser({ id: `yandex-${email}`, default_email: email });
    await page.goto(`${server.url}/client/user/login`);
    await page.getByRole('button', { name: 'Sign in with Yandex' }).click();
    await page.waitForURL('**/client/dashboard');
    expect((await userInfo()).email).toBe(email);
  });
});
