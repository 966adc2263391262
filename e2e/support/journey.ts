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

export async function signIn(page: Page, baseUrl: string, email: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/client/user/login`);
  await fillForm(page, { email, password });
  await submit(page, 'Sign in');
  await page.waitForURL('**/client/dashboard');
}

export function uniqueEmail(label: string): string {
  return `${label}-${Math.random().toString(36).slice(2, 10)}@example.test`;
}
