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

/**
 * Clicks a button inside a popup (a confirmation, a modal) once the popup has stopped moving: antd
 * zooms a popup in and aligns it to what opened it, and on a loaded machine a click aimed while it
 * still moved was lost (the confirmation stayed open, nothing was sent). One click, never a second.
 */
export async function clickInStillPopup(page: Page, testId: string): Promise<void> {
  const button = page.getByTestId(testId);
  await button.waitFor();
  await expect
    .poll(
      () =>
        button.evaluate((element) => {
          const popup = element.closest('.ant-popover, .ant-modal-wrap, .ant-dropdown');
          const moving = (node: Element | null) => node !== null && /-(appear|enter)\b/.test(node.className);
          return moving(popup) || moving(popup?.querySelector('.ant-modal') ?? null);
        }),
      { timeout: 10_000 },
    )
    .toBe(false);
  await button.click();
}

export async function storedSession(page: Page): Promise<{ jwt_token: string; expire_at: number }> {
  const raw = await page.evaluate(() => localStorage.getItem('userAuthData'));
  expect(raw).toBeTruthy();
  return JSON.parse(raw ?? '{}') as { jwt_token: string; expire_at: number };
}

/**
 * Signs out through the account menu, as a person does once the page has settled: no page change
 * under way (the shell's content is not `aria-busy`), no page still loading. A click while the app was
 * still moving to another page (after a password change, to the settings) was lost in CI: the page
 * scrolled under the sticky header while the menu was open, and the menu, then placed in the page's
 * body, drifted away from the pointer (it now lives in the header; see `the account menu stays with
 * the header` in account.e2e.test.ts).
 */
export async function signOutThroughMenu(page: Page): Promise<void> {
  await untilPageSettled(page);
  await page.getByTestId('user-menu').click();
  await page.getByTestId('sign-out').click();
  await page.waitForURL('**/client/user/login');
}

/**
 * The app shows the page at `path` (below /client, without the query) and is not moving on: the
 * address bar alone is not enough — it changes before the new page is drawn, and a field filled in
 * that moment belongs to the page going away.
 */
export async function untilPageShown(page: Page, path: string): Promise<void> {
  await page.locator(`[data-testid="page-content"][data-path="${path}"][aria-busy="false"]`).waitFor();
}

/** The signed-in shell shows a page and is not moving to another one. */
export async function untilPageSettled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.locator('[data-testid="page-content"][aria-busy="false"]').waitFor();
  await page.getByTestId('page-loading').waitFor({ state: 'detached' });
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
