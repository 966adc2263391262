import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/** Small page helpers shared by the e2e journeys; selectors are documented in apps/web/README.md. */

/**
 * Fills inputs by id once the page has settled (no request in flight: a lazily loaded page has its
 * texts and its form), as a person types into what they see; each value must be there afterwards.
 */
export async function fillForm(page: Page, values: Record<string, string>): Promise<void> {
  await page.waitForLoadState('networkidle');
  for (const [field, value] of Object.entries(values)) {
    const input = page.locator(`#${field}`);
    await input.fill(value);
    expect(await input.inputValue()).toBe(value);
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
 * Signs out through the account menu, as a person does: once the page has settled (no request in
 * flight), open the menu, choose "Sign out", land on the sign-in page.
 */
export async function signOutThroughMenu(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.getByTestId('user-menu').click();
  await page.getByTestId('sign-out').click();
  await page.waitForURL('**/client/user/login');
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
