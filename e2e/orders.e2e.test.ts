import { accountEndpoints, adminCatalogueEndpoints } from '@resiport/contract';
import { describe, expect, it } from 'vitest';
import { customerApi, signedInCustomer } from './support/customer';
import { fillForm } from './support/journey';
import { useJourney } from './support/journey-setup';

const OPERATOR = 'orders-operator@example.test';
const OPERATOR_PASSWORD = 'Operator123';

describe('buying traffic in Chromium: from the balance, with crypto, with a coupon', () => {
  const journey = useJourney({
    adminCommands: [
      ['coupon', 'add', 'SAVE10', '10%'],
      ['operator', OPERATOR, '--password', OPERATOR_PASSWORD],
    ],
  });

  /** The operator changes the price from 1 GB through the console's API while the customer's page is open. */
  async function operatorSetsPrice(usdPerGb: string): Promise<void> {
    const login = await customerApi(journey.server.url).data(accountEndpoints.login, {
      email: OPERATOR,
      password: OPERATOR_PASSWORD,
    });
    const operator = customerApi(journey.server.url, login.jwt_token);
    const cents = Math.round(Number(usdPerGb) * 100);
    await operator.data(adminCatalogueEndpoints.tierSet, {
      min_gb: '1',
      price_per_gb_cents: cents,
      reason: 'Upstream price change',
    });
  }

  /** Pays at the sandbox checkout the browser was sent to. */
  async function payAtCheckout(): Promise<void> {
    await journey.page.waitForURL('**/sandbox/cryptomus/pay/**');
    await journey.page.getByRole('button', { name: 'Pay', exact: true }).click();
  }

  async function addFunds(usd: string): Promise<void> {
    await journey.page.goto(`${journey.server.url}/client/recharge`);
    await fillForm(journey.page, {});
    await journey.page.getByTestId('recharge-amount').fill(usd);
    await journey.page.getByTestId('recharge-pay').click();
    await payAtCheckout();
    await journey.page.waitForURL('**/client/recharge?recharge_id=*');
    await expect
      .poll(() => journey.page.getByTestId('recharge-outcome').getAttribute('data-status'))
      .toBe('paid');
  }

  async function openNewOrder(quantity: string): Promise<void> {
    await journey.page.goto(`${journey.server.url}/client/neworder`);
    await journey.page.waitForLoadState('networkidle');
    const input = journey.page.getByTestId('order-quantity');
    await input.fill(quantity);
    await expect.poll(() => input.inputValue()).toBe(quantity);
  }

  const summary = (part: string) => journey.page.getByTestId(`order-${part}`).textContent();

  it('add 25 USD → buy 2 GB from the balance → 2 GB left, 16.00 USD left, the order in /residential', async () => {
    await signedInCustomer(journey.page, journey.server.url, journey.mailbox, 'orders');
    await addFunds('25');
    await expect.poll(() => journey.page.getByTestId('header-balance').textContent()).toContain('25.00');

    await openNewOrder('2');
    await journey.page.getByTestId('order-way').getByText('Balance', { exact: true }).click();
    await expect.poll(() => summary('price-per-gb')).toContain('4.50');
    await expect.poll(() => summary('fee')).toContain('0.00');
    await expect.poll(() => summary('total')).toContain('9.00');
    await journey.page.getByTestId('order-pay').click();

    await journey.page.waitForURL('**/client/residential**');
    await expect.poll(() => journey.page.getByTestId('header-traffic').textContent()).toContain('2.00');
    await expect.poll(() => journey.page.getByTestId('header-balance').textContent()).toContain('16.00');
    const table = journey.page.getByTestId('orders-table');
    await expect.poll(() => table.textContent()).toContain('9.00');
    await expect.poll(() => table.textContent()).toMatch(/Paid/);
  });

  it('the balance falls short → offered a top-up of exactly the missing amount', async () => {
    await signedInCustomer(journey.page, journey.server.url, journey.mailbox, 'orders');
    await openNewOrder('10'); // 40.00 USD from a balance of 0.00
    await journey.page.getByTestId('order-way').getByText('Balance', { exact: true }).click();
    await expect.poll(() => summary('total')).toContain('40.00');
    await journey.page.getByTestId('order-pay').click();
    const missing = journey.page.getByTestId('order-missing');
    await expect.poll(() => missing.textContent()).toContain('40.00');
    await missing.getByTestId('order-topup').click();
    await journey.page.waitForURL('**/client/recharge?amount=*');
    await expect.poll(() => journey.page.getByTestId('recharge-amount').inputValue()).toBe('40.00');
  });

  it('with crypto and a coupon: discount and 3% fee in the summary → checkout → the order is paid', async () => {
    await signedInCustomer(journey.page, journey.server.url, journey.mailbox, 'orders');
    await openNewOrder('10'); // 40.00 − 10% = 36.00, + 3% = 37.08
    await journey.page.getByTestId('order-coupon').fill('save10');
    await journey.page.getByTestId('order-coupon-apply').click();
    await expect.poll(() => summary('discount')).toContain('4.00');
    await expect.poll(() => summary('fee')).toContain('1.08');
    await expect.poll(() => summary('total')).toContain('37.08');
    await journey.page.getByTestId('order-pay').click();

    await payAtCheckout();
    await journey.page.waitForURL('**/client/residential?order_id=*');
    await expect
      .poll(() => journey.page.getByTestId('order-outcome').getAttribute('data-status'))
      .toBe('paid');
    await expect.poll(() => journey.page.getByTestId('header-traffic').textContent()).toContain('10.00');
    await expect.poll(() => journey.page.getByTestId('orders-table').textContent()).toContain('SAVE10');
  });

  it("an unknown coupon says 'Invalid code' on the field", async () => {
    await signedInCustomer(journey.page, journey.server.url, journey.mailbox, 'orders');
    await openNewOrder('1');
    await journey.page.getByTestId('order-coupon').fill('NOPE');
    await journey.page.getByTestId('order-coupon-apply').click();
    await expect.poll(() => journey.page.getByText('Invalid code').count()).toBeGreaterThan(0);
  });

  it('the price changes while the page is open → nothing is charged, the new total is shown, paying again pays it', async () => {
    await signedInCustomer(journey.page, journey.server.url, journey.mailbox, 'orders');
    await addFunds('25');
    await openNewOrder('2');
    await journey.page.getByTestId('order-way').getByText('Balance', { exact: true }).click();
    await expect.poll(() => summary('total')).toContain('9.00');

    await operatorSetsPrice('5.50');
    await journey.page.getByTestId('order-pay').click();
    const notice = journey.page.getByTestId('order-price-changed');
    await expect.poll(() => notice.textContent()).toContain('$9.00');
    await expect.poll(() => notice.textContent()).toContain('$11.00');
    await expect.poll(() => summary('total')).toContain('11.00');
    await expect.poll(() => journey.page.getByTestId('order-pay').textContent()).toContain('11.00');
    await expect.poll(() => journey.page.getByTestId('header-balance').textContent()).toContain('25.00');

    await journey.page.getByTestId('order-pay').click();
    await journey.page.waitForURL('**/client/residential**');
    await expect.poll(() => journey.page.getByTestId('header-balance').textContent()).toContain('14.00');
    await operatorSetsPrice('4.50');
  });
});
