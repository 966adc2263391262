import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/** Small page helpers shared by the e2e journeys; selectors are documented in apps/web/README.md. */

/**
 * Fills inputs by id and makes sure each value stuck: a lazily loaded page may re-render its form
 * right after it appears, and typing into the old input would be lost.
 */
export async function fillForm(page: Page, values: Record<string, string>): Promise<void> {
  await page.waitForLoadState('networkidle');
  for (const [field, value] of Object.entries(values)) {
    const input = page.locator(`#${field}`);
    await expect
      .poll(async () => {
        if ((await input.inputValue()) !== value) await input.fill(value);
        return input.inputValue();
      })
      .toBe(value);
  }
}

export async function submit(page: Page, label: string | RegExp): Promise<void> {
  await page.getByRole('button', { name: label, exact: true }).click();
}

/** Waits for the app's antd toast (message) with this text. */
export async function expectToast(page: Page, text: string): Promise<void> {
  await page.locator('.ant-message-notice', { hasText: text }).first().waitFor({ timeout: 15_000 });
}

export async function storedSession(page: Page): Promise<{ jwt_token: string; expire_at: number }> {
  const raw = await page.evaluate(() => localStorage.getItem('userAuthData'));
  expect(raw).toBeTruthy();
  return JSON.parse(raw ?? '{}') as { jwt_token: string; expire_at: number };
}

/**
 * Signs out through the account menu, as a person does. The menu can close under the click while
 * the signed-in shell is still settling (a page's code or the user's figures loading re-renders the
 * header; seen in CI after a password change and after a sign-in): wait for the network to go quiet,
 * then open the menu and choose "Sign out", again if the sign-in page does not show.
 */
export async function signOutThroughMenu(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  for (let attempt = 1; ; attempt++) {
    try {
      await page.getByTestId('user-menu').click({ timeout: 5000 });
      await page.getByTestId('sign-out').click({ timeout: 5000 });
      await page.waitForURL('**/client/user/login', { timeout: 5000 });
      return;
    } catch (error) {
      if (attempt === 4) throw error;
    }
  }
}

export async function signIn(page: Page, baseUrl: string, email: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/client/user/login`);
  await fillForm(page, { email, password });
  await submit(page, 'Sign in');
  await page.waitForURL('**/client/dashboard');
}

export function uniqueEmail(label: string): string {
  return `${label}-${Math.random().toString(36).slice(2, 10)}@example.test`;
}
