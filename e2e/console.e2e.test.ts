import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { subEndpoints } from '@resiport/contract';
import { buyTraffic, customerApi, signedInCustomer } from './support/customer';
import { fetchThroughLine } from './support/proxy-line';
import { clickInStillPopup, signIn } from './support/journey';
import { useJourney } from './support/journey-setup';
import { useTargetSite } from './support/target-site';
import { useUpstreamProxy } from './support/upstream-proxy';

const OPERATOR = 'operator-e2e@example.test';
const OPERATOR_PASSWORD = 'Operator123';
const MB = 1_000_000;

/**
 * The operator console in Chromium (docs/product.md#operator-console), against the real server, its sandbox and its gateway:
 * an operator finds a customer and adjusts their balance and traffic with a reason (the customer's
 * portal and change record show it, the audit log lists it), resolves an underpaid payment, adds an
 * exit that a new proxy line then goes out through, and creates a coupon a customer then applies.
 */
describe('the operator console in Chromium', () => {
  const target = useTargetSite(2 * MB, 0x62);
  const upstream = useUpstreamProxy();
  const journey = useJourney({ adminCommands: [['operator', OPERATOR, '--password', OPERATOR_PASSWORD]] });

  /** The operator signed in, in a browser context of their own beside the customer's. */
  async function operatorPage(): Promise<Page> {
    const context = await journey.browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    await signIn(page, journey.server.url, OPERATOR, OPERATOR_PASSWORD);
    return page;
  }

  async function openCustomer(page: Page, email: string): Promise<void> {
    await page.goto(`${journey.server.url}/client/admin/customers`);
    await page.getByTestId('customers-search').fill(email);
    await page.keyboard.press('Enter');
    await page.locator('[data-testid^="customer-row-"]', { hasText: email }).click();
    await expect.poll(() => page.getByTestId('customer-email').textContent()).toContain(email);
  }

  async function adjust(page: Page, what: 'balance' | 'traffic', amount: string, reason: string) {
    await page.getByTestId(`customer-action-${what}`).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('adjust-amount').fill(amount);
    await dialog.getByTestId('admin-reason').fill(reason);
    await dialog.getByTestId('adjust-submit').click();
    await dialog.waitFor({ state: 'hidden' });
  }

  it('adjusts a customer’s balance and traffic with a reason: their portal, change record and the audit log show it', async () => {
    const { page, server, mailbox } = journey;
    const customer = await signedInCustomer(page, server.url, mailbox, 'console');
    const operator = await operatorPage();
    await openCustomer(operator, customer.email);
    await adjust(operator, 'balance', '12.50', 'Goodwill credit for ticket 4242');
    await adjust(operator, 'traffic', '1.5', 'Bonus traffic for ticket 4242');

    await page.reload();
    await expect.poll(() => page.getByTestId('header-balance').textContent()).toBe('$12.50');
    await page.goto(`${server.url}/client/usage`);
    await expect
      .poll(() => page.locator('[data-testid="traffic-changes-table"] [data-kind="adjustment"]').count())
      .toBe(1);

    await operator.goto(`${server.url}/client/admin/audit`);
    const audit = operator.getByTestId('audit-table');
    await expect.poll(() => audit.textContent()).toContain('Goodwill credit for ticket 4242');
    await expect.poll(() => audit.textContent()).toContain('Adjusted the traffic');
    await operator.context().close();
  });

  it("opens the customer's portal read-only in its own tab: the view shows their data and refuses changes", async () => {
    const { page, server, mailbox } = journey;
    const customer = await signedInCustomer(page, server.url, mailbox, 'viewed');
    const operator = await operatorPage();
    await openCustomer(operator, customer.email);
    await operator.getByTestId('view-as').click();
    await operator.getByTestId('view-as-reason').fill('Ticket 5150: customer sees no whitelist');
    const opened = operator.context().waitForEvent('page');
    await operator.getByTestId('view-as-open').click();
    const view = await opened;

    await expect.poll(() => view.getByTestId('operator-view-banner').textContent()).toContain(customer.email);
    await expect.poll(() => view.getByTestId('user-email').textContent()).toBe(customer.email);
    await view.goto(`${server.url}/client/proxysetting/whitelist`);
    await view.getByTestId('whitelist-add').click();
    await view.getByTestId('whitelist-ip').fill('203.0.113.50');
    await view.getByRole('dialog').getByRole('button', { name: 'Add', exact: true }).click();
    await expect
      .poll(() => view.locator('.ant-message-notice').first().textContent())
      .toContain('read-only view');

    // The operator's own tab is still the operator's; the view is in the audit log with its reason.
    await operator.goto(`${server.url}/client/admin/audit`);
    await expect.poll(() => operator.getByTestId('audit-table').textContent()).toContain('Ticket 5150');
    await operator.getByTestId('operator-tag').waitFor();
    await operator.context().close();
  });

  it('resolves an underpaid top-up by crediting what arrived, less the fee', async () => {
    const { page, server, mailbox } = journey;
    const customer = await signedInCustomer(page, server.url, mailbox, 'underpaid');
    await page.goto(`${server.url}/client/recharge`);
    await page.getByTestId('recharge-amount').fill('20');
    await page.getByTestId('recharge-pay').click();
    await page.waitForURL('**/sandbox/cryptomus/pay/**');
    await page.getByRole('button', { name: 'Underpay', exact: true }).click(); // 10.30 of 20.60
    await page.waitForURL('**/client/recharge?recharge_id=*');
    await expect
      .poll(() => page.getByTestId('recharge-outcome').getAttribute('data-status'))
      .toBe('underpaid');

    const operator = await operatorPage();
    await operator.goto(`${server.url}/client/admin/overview`);
    await operator.getByTestId('overview-attention').getByRole('link', { name: 'Resolve' }).click();
    const row = operator.locator('[data-testid^="invoice-row-"]', { hasText: customer.email });
    await row.locator('[data-testid^="invoice-resolve-"]').click();
    const dialog = operator.getByRole('dialog');
    await dialog.getByTestId('resolve-credit').click();
    await dialog.getByTestId('resolve-reason').fill('Customer sent 10.30 USDT, confirmed on chain');
    await dialog.getByTestId('resolve-submit').click();
    await clickInStillPopup(operator, 'resolve-confirm');
    await dialog.waitFor({ state: 'hidden' });

    await page.reload();
    await expect.poll(() => page.getByTestId('header-balance').textContent()).toBe('$10.00');
    await expect.poll(() => page.getByTestId('recharge-record-table').textContent()).toContain('credited');
    await operator.context().close();
  });

  it('adds an exit for Germany: a new German line goes out through it, without a restart', async () => {
    const { page, server, mailbox } = journey;
    const { token } = await signedInCustomer(page, server.url, mailbox, 'exits');
    await buyTraffic(server.url, token, 1);
    const username = `exituser${Date.now().toString(36)}`.slice(0, 20);
    expect(
      (await customerApi(server.url, token).call(subEndpoints.add, { username, traffic: '0.5' })).code,
    ).toBe(0);
    const operator = await operatorPage();
    await operator.goto(`${server.url}/client/admin/exits`);
    await operator.getByTestId('exit-add').click();
    const dialog = operator.getByRole('dialog');
    await dialog.getByTestId('exit-id').fill('provider-de');
    await dialog.getByTestId('exit-type').getByText('HTTP upstream', { exact: true }).click();
    await dialog.getByTestId('exit-host').fill('127.0.0.1');
    await dialog.getByTestId('exit-port').fill(String(upstream.port));
    await dialog.getByTestId('exit-country').fill('de');
    await dialog.getByTestId('exit-reason').fill('New German upstream, contract 7');
    await dialog.getByTestId('exit-submit').click();
    await dialog.waitFor({ state: 'hidden' });
    await operator.getByTestId('exit-row-provider-de').waitFor();

    await page.goto(`${server.url}/client/residential`);
    await page.getByTestId('gen-country').click();
    await page.locator('.ant-select-item-option', { hasText: 'Germany' }).click();
    const output = page.getByTestId('gen-output');
    await expect.poll(async () => (await output.inputValue()).split('\n')[0] ?? '').toContain('-country-de');
    const line = (await output.inputValue()).split('\n')[0] ?? '';
    const { body } = await fetchThroughLine(line, target.port, '/page');
    expect(body.length).toBeGreaterThan(2 * MB);
    expect(upstream.tunnels).toContain(`127.0.0.1:${target.port}`);
    await operator.context().close();
  });

  it('creates a coupon that a customer then applies to an order', async () => {
    const { page, server, mailbox } = journey;
    const operator = await operatorPage();
    await operator.goto(`${server.url}/client/admin/catalogue?tab=coupons`);
    await operator.getByTestId('coupon-add').first().click();
    const dialog = operator.getByRole('dialog');
    await dialog.getByTestId('coupon-code').fill('CONSOLE20');
    await dialog.getByTestId('coupon-value').fill('20');
    await dialog.getByTestId('coupon-reason').fill('Launch campaign');
    await dialog.getByTestId('coupon-submit').click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => operator.getByTestId('coupons-table').textContent()).toContain('CONSOLE20');

    await signedInCustomer(page, server.url, mailbox, 'coupon');
    await page.goto(`${server.url}/client/neworder`);
    await page.waitForLoadState('networkidle');
    await page.getByTestId('order-quantity').fill('10'); // 10 × 4.00 = 40.00, −20% = 32.00, +3% fee
    await page.getByTestId('order-coupon').fill('console20');
    await page.getByTestId('order-coupon-apply').click();
    await page.getByTestId('order-coupon-tag').waitFor();
    await expect.poll(() => page.getByTestId('order-total').textContent()).toContain('32.96');
    await operator.context().close();
  });
});
