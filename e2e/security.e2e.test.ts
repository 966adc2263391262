import { accountEndpoints } from '@resiport/contract';
import { Secret, TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { customerApi, signedInCustomer } from './support/customer';
import {
  clickInStillPopup,
  expectToast,
  fillForm,
  signIn,
  signOutThroughMenu,
  submit,
} from './support/journey';
import { useJourney } from './support/journey-setup';

const PERIOD_MS = 30_000;

/**
 * The phone: codes from the secret the settings page showed (RFC 6238, as an authenticator app).
 * The server takes a code of one 30-second step either side of its clock, and only of a step later
 * than the last one it took (totp.ts). So each `next()` is the code of the step after the one used
 * last (the current step the first time): at most one step ahead, which the server already accepts.
 * Only a step two ahead is out of its reach: then the phone waits until the step before it begins,
 * to the millisecond on the clock the server reads (the same machine's), and no longer.
 */
function authenticator(secret: string) {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });
  let lastUsed: number | undefined;
  return {
    /** The code the phone shows now, not used (to pick a code that is surely wrong). */
    now: () => totp.generate(),
    next: async () => {
      const step = Math.max(Math.floor(Date.now() / PERIOD_MS), (lastUsed ?? -Infinity) + 1);
      const reachableFrom = (step - 1) * PERIOD_MS;
      while (Date.now() < reachableFrom) {
        await new Promise((resolve) => setTimeout(resolve, reachableFrom - Date.now()));
      }
      lastUsed = step;
      return totp.generate({ timestamp: step * PERIOD_MS });
    },
  };
}

/**
 * After a refused code: the form shows why, and its button is no longer busy (a click on a busy
 * antd button is dropped, and the refusal's toast shows before the button stops being busy).
 */
async function refusedOnTheField(page: Page, testId: string) {
  await refusal(page).first().waitFor();
  await expect
    .poll(() => page.getByTestId(testId).getAttribute('class'), { timeout: 10_000 })
    .not.toContain('ant-btn-loading');
}

const refusal = (page: Page) => page.locator('.ant-form-item-explain', { hasText: 'This code is not valid' });

/**
 * Types a new code where one was refused, and waits until the refusal has gone. Typing removes the
 * refusal's line below the field with an animation that moves the button up under the pointer: a
 * click aimed while it moved, on a loaded machine, once landed below the button and was lost.
 */
async function retype(page: Page, fieldTestId: string, code: string) {
  await page.getByTestId(fieldTestId).fill(code);
  await expect.poll(() => refusal(page).count(), { timeout: 10_000 }).toBe(0);
}

describe('two-factor sign-in and sessions in Chromium', () => {
  const journey = useJourney();

  it('turn on with a QR code → recovery codes → sign in with a code → a recovery code → turn off', async () => {
    const { page, server, mailbox } = journey;
    const { email } = await signedInCustomer(page, server.url, mailbox, 'twofactor');
    await page.goto(`${server.url}/client/account/setting?tab=security`);
    await expect
      .poll(() => page.getByTestId('two-factor-status').textContent(), { timeout: 10_000 })
      .toBe('Off');
    await expect.poll(() => page.getByTestId('session-current').count(), { timeout: 10_000 }).toBe(1);

    await page.getByTestId('two-factor-enable').click();
    await page.getByTestId('two-factor-qr').waitFor();
    const secret = ((await page.getByTestId('two-factor-secret').textContent()) ?? '').trim();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const phone = authenticator(secret);
    // A wrong code is refused on the field and nothing is turned on.
    await page.getByTestId('two-factor-setup-code').fill(phone.now() === '000000' ? '111111' : '000000');
    await page.getByTestId('two-factor-confirm').click();
    await refusedOnTheField(page, 'two-factor-confirm');
    await retype(page, 'two-factor-setup-code', await phone.next());
    await page.getByTestId('two-factor-confirm').click();
    const codes = page.getByTestId('recovery-codes').locator('li');
    await expect.poll(() => codes.count(), { timeout: 10_000 }).toBe(10);
    const recoveryCode = ((await codes.first().textContent()) ?? '').trim();
    expect(recoveryCode).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    await page.getByTestId('two-factor-done').click();
    await expect
      .poll(() => page.getByTestId('two-factor-status').textContent(), { timeout: 10_000 })
      .toBe('On');

    // Signing in now asks for a code after the password.
    await signOutThroughMenu(page);
    await fillForm(page, { email, password: 'Customer123' });
    await submit(page, 'Sign in');
    await page.getByTestId('two-factor-code').waitFor();
    await page.getByTestId('two-factor-code').fill(phone.now() === '000001' ? '111112' : '000001');
    await page.getByTestId('two-factor-submit').click();
    await refusedOnTheField(page, 'two-factor-submit');
    // One code, one click: the dashboard.
    await retype(page, 'two-factor-code', await phone.next());
    await page.getByTestId('two-factor-submit').click();
    await page.waitForURL('**/client/dashboard');

    // A recovery code works too (the phone is lost), once.
    await signOutThroughMenu(page);
    await fillForm(page, { email, password: 'Customer123' });
    await submit(page, 'Sign in');
    await page.getByTestId('two-factor-toggle-recovery').click();
    await page.getByTestId('two-factor-code').fill(recoveryCode);
    await page.getByTestId('two-factor-submit').click();
    await page.waitForURL('**/client/dashboard');

    await page.goto(`${server.url}/client/account/setting?tab=security`);
    await expect
      .poll(() => page.getByTestId('recovery-codes-left').textContent())
      .toBe('9 recovery codes left');
    // Earlier sign-ins of this account are listed; this one is marked.
    await expect
      .poll(() => page.getByTestId('sessions-table').locator('tbody tr.ant-table-row').count())
      .toBeGreaterThan(1);
    await page.getByTestId('two-factor-disable').click();
    await page.getByTestId('two-factor-disable-password').fill('Customer123');
    await page.getByTestId('two-factor-disable-code').fill(await phone.next());
    await clickInStillPopup(page, 'two-factor-disable-confirm');
    await expectToast(page, 'Two-factor sign-in is off');
    await expect
      .poll(() => page.getByTestId('two-factor-status').textContent(), { timeout: 10_000 })
      .toBe('Off');
  });

  it('sign out everywhere ends the other browser and the API token; this one stays', async () => {
    const { page, server, mailbox, browser } = journey;
    const { token, email } = await signedInCustomer(page, server.url, mailbox, 'everywhere');
    // A second browser (another device), signed in through the sign-in page.
    const elsewhere = await browser.newContext({ locale: 'en-US' });
    const phone = await elsewhere.newPage();
    await signIn(phone, server.url, email, 'Customer123');
    const minted = await customerApi(server.url, token).data(accountEndpoints.genToken, {});
    const apiToken = minted.api_token;
    await page.goto(`${server.url}/client/account/setting?tab=security`);
    await expect
      .poll(() => page.getByTestId('sessions-table').locator('tbody tr.ant-table-row').count(), {
        timeout: 10_000,
      })
      .toBe(3);
    await page.getByTestId('sign-out-everywhere').click();
    // The confirmation's own button: its label is the same as the button that opened it.
    await clickInStillPopup(page, 'sign-out-everywhere-confirm');
    await expectToast(page, 'Signed out everywhere else');
    await expect
      .poll(() => page.getByTestId('sessions-table').locator('tbody tr.ant-table-row').count(), {
        timeout: 10_000,
      })
      .toBe(1);
    const info = await customerApi(server.url, apiToken).call(accountEndpoints.userInfo, {});
    expect(info.msg).toMatch(/revoked by signing out everywhere/);
    const other = await customerApi(server.url, token).call(accountEndpoints.userInfo, {});
    expect(other.code).toBe(10013);
    // The API tab of the settings says the token is gone, and why.
    await page.getByTestId('settings-tab-api').click();
    await expect
      .poll(() => page.getByTestId('api-token-status').textContent(), { timeout: 10_000 })
      .toBe('Not created');
    await expect
      .poll(() => page.getByTestId('api-token-revoked').textContent(), { timeout: 10_000 })
      .toMatch(/revoked on .* UTC when you signed out everywhere/);
    await page.reload();
    await page.getByTestId('api-token-status').waitFor();
    expect(page.url()).toContain('/client/account/setting?tab=api');

    // The other device, at its next page, lands on sign-in and is told why, once.
    await phone.goto(`${server.url}/client/proxysetting/subaccount`);
    const why = phone.getByTestId('session-ended-alert');
    await why.waitFor();
    expect(await why.textContent()).toBe('You were signed out from another device; please sign in again');
    expect(phone.url()).toContain('/client/user/login');
    await phone.reload();
    await phone.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(await why.count()).toBe(0);
    await elsewhere.close();
  });
});
