import { accountEndpoints } from '@resiport/contract';
import { extractFirstLink, startMockOAuthProvider, type MockOAuthProvider } from '@resiport/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activationLink, customerApi, signedInCustomer } from './support/customer';
import {
  expectToast,
  fillForm,
  signIn,
  signOutThroughMenu,
  storedSession,
  submit,
  uniqueEmail,
  untilPageSettled,
  untilPageShown,
} from './support/journey';
import { useJourney } from './support/journey-setup';

describe('account journeys in Chromium', () => {
  let google: MockOAuthProvider<'google'>;
  let yandex: MockOAuthProvider<'yandex'>;
  // Before useJourney: the server's environment names these providers (and they close after it stopped).
  beforeAll(async () => {
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
  });
  afterAll(async () => {
    await Promise.all([google.close(), yandex.close()]);
  });
  const journey = useJourney({
    env: () => ({
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
    }),
  });

  const userInfo = async () => {
    const { jwt_token } = await storedSession(journey.page);
    return customerApi(journey.server.url, jwt_token).data(accountEndpoints.userInfo, {});
  };

  it('sign up → activation mail → activate → sign in → Russian → change password → sign out', async () => {
    const email = uniqueEmail('journey');
    await journey.page.goto(`${journey.server.url}/client/`);
    await journey.page.waitForURL('**/client/user/login');
    await journey.page.getByTestId('link-register').click();
    await untilPageShown(journey.page, '/user/register');
    await fillForm(journey.page, { email, password: 'Journey123', confirm: 'Journey123' });
    await submit(journey.page, 'Sign up');
    await expect
      .poll(() => journey.page.getByTestId('register-sent').textContent())
      .toContain('The activation link has been sent, please open your email to activate');

    const mail = await journey.mailbox.waitForMail({ to: email });
    await journey.page.goto(activationLink(mail));
    await journey.page.waitForURL('**/client/user/login?activation=activated');
    await journey.page.getByTestId('activation-alert').waitFor();

    await fillForm(journey.page, { email, password: 'Journey123' });
    await submit(journey.page, 'Sign in');
    await journey.page.waitForURL('**/client/dashboard');
    await expect.poll(() => journey.page.title()).toBe('Dashboard - Resiport');
    await expect.poll(() => journey.page.getByTestId('user-email').textContent()).toBe(email);

    await journey.page.getByTestId('language-switch').click();
    await journey.page.getByTestId('language-option-ru-RU').click();
    await journey.page.waitForLoadState('load');
    await expect.poll(() => journey.page.title()).toBe('Панель управления - Resiport');
    await expect.poll(async () => (await userInfo()).lang).toBe('ru');

    await journey.page.goto(`${journey.server.url}/client/account/resetpassword`);
    await fillForm(journey.page, {
      old_password: 'Wrong12345',
      password: 'Changed123',
      confirm: 'Changed123',
    });
    await journey.page.locator('button[type=submit]').click();
    await expectToast(journey.page, 'Неверный пароль');
    await fillForm(journey.page, { old_password: 'Journey123' });
    await journey.page.locator('button[type=submit]').click();
    await expectToast(journey.page, 'Пароль изменён');
    await untilPageShown(journey.page, '/account/setting');

    const signedOutToken = await journey.page.evaluate(
      () => (JSON.parse(localStorage.getItem('userAuthData') ?? '{}') as { jwt_token?: string }).jwt_token,
    );
    await signOutThroughMenu(journey.page);
    expect(await journey.page.evaluate(() => localStorage.getItem('userAuthData'))).toBeNull();
    // Signed out on the server too: the token, reused, is refused at once.
    const reused = await fetch(`${journey.server.url}/api/user/info`, {
      headers: { authorization: `Bearer ${signedOutToken ?? ''}` },
    });
    expect(signedOutToken).toBeTruthy();
    expect(await reused.json()).toMatchObject({ code: 10013 });
    await journey.page.evaluate(() => localStorage.setItem('umi_locale', 'en-US'));
    await signIn(journey.page, journey.server.url, email, 'Changed123');
  });

  it('the account menu stays with the sticky header while the page scrolls under it, on one line', async () => {
    const { page, server, mailbox } = journey;
    await signedInCustomer(page, server.url, mailbox, 'menu');
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 700 });
      await page.goto(`${server.url}/client/account/setting?tab=api`);
      await untilPageSettled(page);
      await page.evaluate(() => window.scrollTo(0, 600));
      await page.getByTestId('user-menu').click();
      await page.getByTestId('sign-out').waitFor();
      // Measured in one task, before any re-alignment could run: a menu placed in the page's body
      // moved 300 px here, and a click aimed at it in that moment landed on the page behind.
      const placement = await page.evaluate(() => {
        const item = document.querySelector('[data-testid="sign-out"]');
        if (!item) throw new Error('no sign-out item');
        const before = item.getBoundingClientRect();
        window.scrollBy(0, -300);
        const after = item.getBoundingClientRect();
        return { moved: after.top - before.top, height: after.height, right: after.right };
      });
      // Less than a pixel (sub-pixel rounding of the scroll offset), not the 300 px of the page.
      expect(Math.abs(placement.moved)).toBeLessThan(1);
      // In the header's box, not the page's: one line, inside the screen.
      expect(placement.height).toBeLessThan(24);
      expect(placement.right).toBeLessThanOrEqual(width);
      await page.keyboard.press('Escape');
    }
  });

  it('forgot password → reset mail → new password → sign in', async () => {
    const email = uniqueEmail('forgot');
    const signup = await customerApi(journey.server.url).call(accountEndpoints.signup, {
      email,
      password: 'Forgot1234',
      confirm: 'Forgot1234',
    });
    expect(signup.code).toBe(0);
    await journey.page.goto(activationLink(await journey.mailbox.waitForMail({ to: email })));

    await journey.page.goto(`${journey.server.url}/client/user/login`);
    await journey.page.getByTestId('link-forgot-password').click();
    await untilPageShown(journey.page, '/user/emailtoreset');
    await fillForm(journey.page, { email });
    await submit(journey.page, 'Send reset link');
    await expect
      .poll(() => journey.page.getByTestId('reset-link-sent').textContent())
      .toContain('A password reset link has been sent to your email');

    const resetMail = await journey.mailbox.waitForMail({ to: email, subjectIncludes: 'Reset' });
    await journey.page.goto(extractFirstLink(resetMail, '/client/user/resetpassword'));
    await fillForm(journey.page, { password: 'Renewed123', confirm: 'Renewed123' });
    await submit(journey.page, 'Save new password');
    await journey.page.waitForURL('**/client/user/login**');
    await signIn(journey.page, journey.server.url, email, 'Renewed123');
  });

  it('Google sign-in through a local OAuth provider lands signed in', async () => {
    const email = uniqueEmail('google');
    google.setNextUser({ sub: `google-${email}`, email, email_verified: true });
    await journey.page.goto(`${journey.server.url}/client/user/login`);
    await journey.page.getByRole('button', { name: 'Sign in with Google' }).click();
    await journey.page.waitForURL('**/client/dashboard');
    expect((await userInfo()).email).toBe(email);
  });

  it('Yandex sign-in through a local OAuth provider lands signed in', async () => {
    const email = uniqueEmail('yandex');
    yandex.setNextUser({ id: `yandex-${email}`, default_email: email });
    await journey.page.goto(`${journey.server.url}/client/user/login`);
    await journey.page.getByRole('button', { name: 'Sign in with Yandex' }).click();
    await journey.page.waitForURL('**/client/dashboard');
    expect((await userInfo()).email).toBe(email);
  });
});
