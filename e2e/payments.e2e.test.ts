import { describe, expect, it } from 'vitest';
import { signedInCustomer } from './support/customer';
import { fillForm } from './support/journey';
import { useJourney } from './support/journey-setup';

/**
 * Payments that tell the truth (decision 026), in Chromium through the bundled Cryptomus sandbox's
 * real protocol: an underpaid top-up and an underpaid order say what arrived, that it was not
 * credited and how to get help; an order left for a top-up is there, still chosen, afterwards.
 */
describe('payment outcomes in Chromium', () => {
  const journey = useJourney({
    env: { SUPPORT_EMAIL: 'help@reseller.example' },
    adminCommands: [['coupon', 'add', 'SAVE10', '10%']],
  });

  const checkout = async (button: 'Pay' | 'Pay over' | 'Underpay') => {
    await journey.page.waitForURL('**/sandbox/cryptomus/pay/**');
    await journey.page.getByRole('button', { name: button, exact: true }).click();
  };
  const text = (testId: string) => journey.page.getByTestId(testId).textContent();
  const outcome = (testId: string) => journey.page.getByTestId(testId).getAttribute('data-status');

  async function openNewOrder(quantity: string): Promise<void> {
    await journey.page.goto(`${journey.server.url}/client/neworder`);
    await journey.page.waitForLoadState('networkidle');
    const input = journey.page.getByTestId('order-quantity');
    await input.fill(quantity);
    await expect.poll(() => input.inputValue()).toBe(quantity);
  }

  it('an underpaid top-up: what arrived, not credited, who resolves it; the record says Underpaid with its reference', async () => {
    const { page, server, mailbox } = journey;
    await signedInCustomer(page, server.url, mailbox, 'payments');
    await page.goto(`${server.url}/client/recharge`);
    await fillForm(page, {});
    await page.getByTestId('recharge-amount').fill('20');
    await page.getByTestId('recharge-pay').click();
    await checkout('Underpay'); // half of 20.60

    await page.waitForURL('**/client/recharge?recharge_id=*');
    await expect.poll(() => outcome('recharge-outcome')).toBe('underpaid');
    await expect.poll(() => text('recharge-outcome')).toContain('Received: 10.30 USDT (invoice: $20.60).');
    await expect.poll(() => text('recharge-outcome')).toContain('it was not credited automatically');
    await expect.poll(() => text('recharge-outcome')).toContain('help@reseller.example');
    await expect.poll(() => text('header-balance')).toContain('0.00');
    const record = page.getByTestId('recharge-record-table');
    await expect.poll(() => record.textContent()).toContain('Underpaid');
    await expect.poll(() => record.textContent()).toContain('10.30 USDT received, under review');
    await expect.poll(() => record.textContent()).toMatch(/Reference: top-up #\d+/);
    expect(await record.textContent()).not.toContain('Cancelled');
  });

  it('a paid-over top-up: the top-up and the extra, net of the fee, on the balance and in its history', async () => {
    const { page, server, mailbox } = journey;
    await signedInCustomer(page, server.url, mailbox, 'payments');
    await page.goto(`${server.url}/client/recharge`);
    await page.getByTestId('recharge-amount').fill('20');
    await page.getByTestId('recharge-pay').click();
    await checkout('Pay over'); // 22.66 USDT of 20.60: 10 % over a 20.00 top-up

    await page.waitForURL('**/client/recharge?recharge_id=*');
    await expect.poll(() => outcome('recharge-outcome')).toBe('paid_over');
    await expect.poll(() => text('recharge-outcome')).toContain('$22.00 added to your balance');
    await expect
      .poll(() => text('recharge-outcome'))
      .toContain('the extra, $2.00, was added to your balance too');
    await expect.poll(() => text('header-balance')).toContain('22.00');
    await expect
      .poll(() => text('recharge-record-table'))
      .toContain('paid over: 22.66 USDT received; the extra $2.00 was added to your balance');
    await expect.poll(() => text('balance-history-table')).toContain('Overpayment credited');
  });

  it('an underpaid order: not "not paid in time" but what arrived and who resolves it', async () => {
    const { page, server, mailbox } = journey;
    await signedInCustomer(page, server.url, mailbox, 'payments');
    await openNewOrder('1'); // 4.50 + 3% = 4.64
    await expect.poll(() => text('order-total')).toContain('4.64');
    await page.getByTestId('order-pay').click();
    await checkout('Underpay');

    await page.waitForURL('**/client/residential?order_id=*');
    await expect.poll(() => outcome('order-outcome')).toBe('underpaid');
    await expect.poll(() => text('order-outcome')).toContain('Received: 2.32 USDT (invoice: $4.64).');
    await expect.poll(() => text('order-outcome')).toContain('it was not credited automatically');
    await expect.poll(() => text('order-outcome')).not.toContain('not paid in time');
    await expect.poll(() => text('header-traffic')).toContain('0.00');
    await expect.poll(() => text('orders-table')).toContain('Underpaid');
  });

  it('Top up from the not-enough-balance alert → pay → back to the same order, still chosen → paid', async () => {
    const { page, server, mailbox } = journey;
    await signedInCustomer(page, server.url, mailbox, 'payments');
    await openNewOrder('10'); // 40.00 − 10% = 36.00 from the balance
    await page.getByTestId('order-way').getByText('Balance', { exact: true }).click();
    await page.getByTestId('order-coupon').fill('save10');
    await page.getByTestId('order-coupon-apply').click();
    await expect.poll(() => text('order-total')).toContain('36.00');
    await page.getByTestId('order-pay').click();
    await page.getByTestId('order-missing').getByTestId('order-topup').click();

    await page.waitForURL('**/client/recharge?amount=36.00&for=order');
    await expect.poll(() => text('recharge-for-order')).toContain('Topping up for your order');
    await page.getByTestId('recharge-pay').click();
    await checkout('Pay');
    await page.waitForURL('**/client/recharge?recharge_id=*');
    await expect.poll(() => outcome('recharge-outcome')).toBe('paid');
    await page.getByTestId('recharge-outcome').getByTestId('recharge-back-to-order').click();

    await page.waitForURL('**/client/neworder?resume=1');
    await expect.poll(() => page.getByTestId('order-quantity').inputValue()).toBe('10');
    await expect.poll(() => text('order-coupon-tag')).toContain('SAVE10');
    await expect.poll(() => text('order-total')).toContain('36.00');
    await page.getByTestId('order-pay').click();
    await page.waitForURL('**/client/residential**');
    await expect.poll(() => text('header-traffic')).toContain('10.00');
    await expect.poll(() => text('header-balance')).toContain('0.00');
  });
});
