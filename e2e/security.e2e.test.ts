import { accountEndpoints } from '@resiport/contract';
import { Secret, TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { customerApi, signedInCustomer } from './support/customer';
import { expectToast, fillForm, signOutThroughMenu, submit } from './support/journey';
import { useJourney } from './support/journey-setup';

/** The phone: codes from the secret the settings page showed (RFC 6238, as an authenticator app). */
function authenticator(secret: string) {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });
  return {
    now: () => totp.generate(),
    /** A code is good once: wait for the next 30-second step before using another one. */
    nextStep: async () => {
      await new Promise((resolve) => setTimeout(resolve, 30_000 - (Date.now() % 30_000) + 200));
      return totp.generate();
    },
  };
}

/**
 * The second sign-in step with the phone's next code. Should the code be refused, the page's
 * words are printed and a second code (the next step's) is tried, as a person would: one refusal
 * at a step boundary on a loaded CI machine must not hide whether two-factor sign-in works.
 */
async function signInWithAuthenticator(page: Page, phone: ReturnType<typeof authenticator>) {
  for (let attempt = 1; ; attempt += 1) {
    await page.getByTestId('two-factor-code').fill(await phone.nextStep());
    await page.getByTestId('two-factor-submit').click();
    const landed = await page
      .waitForURL('**/client/dashboard', { timeout: 15_000 })
      .then(() => true)
      .catch(() => false);
    if (landed) return;
    const words = (await page.locator('.ant-message, .ant-form-item-explain').allTextContents()).join(' | ');
    if (attempt === 2) throw new Error(`two-factor sign-in refused twice: ${words} (at ${page.url()})`);
    console.warn(`two-factor sign-in: first code refused (${words}); trying the next one`);
  }
}

describe('two-factor sign-in and sessions in Chromium', () => {
  const journey = useJourney();

  it('turn on with a QR code → recovery codes → sign in with a code → a recovery code → turn off', async () => {
    const { page, server, mailbox } = journey;
    const { email } = await signedInCustomer(page, server.url, mailbox, 'twofactor');
    await page.goto(`${server.url}/client/account/setting`);
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
    await page.getByText('This code is not valid').first().waitFor();
    await page.getByTestId('two-factor-setup-code').fill(phone.now());
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
    await page.getByTestId('two-factor-code').fill('000001');
    await page.getByTestId('two-factor-submit').click();
    await page.getByText('This code is not valid').first().waitFor();
    await signInWithAuthenticator(page, phone);

    // A recovery code works too (the phone is lost), once.
    await signOutThroughMenu(page);
    await fillForm(page, { email, password: 'Customer123' });
    await submit(page, 'Sign in');
    await page.getByTestId('two-factor-toggle-recovery').click();
    await page.getByTestId('two-factor-code').fill(recoveryCode);
    await page.getByTestId('two-factor-submit').click();
    await page.waitForURL('**/client/dashboard');

    await page.goto(`${server.url}/client/account/setting`);
    await expect
      .poll(() => page.getByTestId('recovery-codes-left').textContent())
      .toBe('9 recovery codes left');
    // Earlier sign-ins of this account are listed; this one is marked.
    await expect
      .poll(() => page.getByTestId('sessions-table').locator('tbody tr.ant-table-row').count())
      .toBeGreaterThan(1);
    await page.getByTestId('two-factor-disable').click();
    await page.getByTestId('two-factor-disable-password').fill('Customer123');
    await page.getByTestId('two-factor-disable-code').fill(await phone.nextStep());
    await page.getByTestId('two-factor-disable-confirm').click();
    await expectToast(page, 'Two-factor sign-in is off');
    await expect
      .poll(() => page.getByTestId('two-factor-status').textContent(), { timeout: 10_000 })
      .toBe('Off');
  });

  it('sign out everywhere ends the other browser and the API token; this one stays', async () => {
    const { page, server, mailbox } = journey;
    const { token } = await signedInCustomer(page, server.url, mailbox, 'everywhere');
    const minted = await customerApi(server.url, token).data(accountEndpoints.genToken, {});
    const apiToken = minted.api_token;
    await page.goto(`${server.url}/client/account/setting`);
    await expect
      .poll(() => page.getByTestId('sessions-table').locator('tbody tr.ant-table-row').count(), {
        timeout: 10_000,
      })
      .toBe(2);
    await page.getByTestId('sign-out-everywhere').click();
    await page.getByRole('button', { name: 'Sign out everywhere else', exact: true }).last().click();
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
    await expect
      .poll(() => page.getByTestId('api-token-status').textContent(), { timeout: 10_000 })
      .toBe('Not created');
    await expect
      .poll(() => page.getByTestId('api-token-revoked').textContent(), { timeout: 10_000 })
      .toMatch(/revoked on .* UTC when you signed out everywhere/);
    await page.reload();
    await page.getByTestId('two-factor-status').waitFor();
    expect(page.url()).toContain('/client/account/setting');
  });
});
