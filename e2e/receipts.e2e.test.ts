import { readFile } from 'node:fs/promises';
import { accountEndpoints, orderEndpoints } from '@resiport/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { customerApi, signedInCustomer } from './support/customer';
import { fillForm } from './support/journey';
import { useJourney } from './support/journey-setup';

/** The printable receipt opens in a tab of its own: the page the click opened, once it shows the receipt. */
async function openedReceipt(page: Page): Promise<Page> {
  const opened = page.context().waitForEvent('page');
  await page.getByTestId('receipt-open').first().click();
  const receipt = await opened;
  await receipt.waitForURL(/^blob:/);
  await receipt.locator('main[data-receipt]').waitFor();
  return receipt;
}

describe('receipts in Chromium: a paid top-up and a paid order print with their amounts (decision 038)', () => {
  const journey = useJourney({
    env: { APP_NAME: 'Acme Proxies' },
    adminCommands: [['coupon', 'add', 'PRINT10', '10%']],
    context: { acceptDownloads: true },
  });

  it('top up 25 USD at the checkout → Receipt shows $25.00 + $0.75 fee = $25.75, the operator and the customer; PDF saves', async () => {
    const { page, server, mailbox } = journey;
    const { email } = await signedInCustomer(page, server.url, mailbox, 'receipt');
    await page.goto(`${server.url}/client/recharge`);
    await fillForm(page, {});
    await page.getByTestId('recharge-amount').fill('25');
    await page.getByTestId('recharge-pay').click();
    await page.waitForURL('**/sandbox/cryptomus/pay/**');
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.waitForURL('**/client/recharge?recharge_id=*');
    await expect.poll(() => page.getByTestId('recharge-outcome').getAttribute('data-status')).toBe('paid');

    const receipt = await openedReceipt(page);
    const number = await receipt.locator('main').getAttribute('data-receipt');
    expect(number).toMatch(/^R-TOPUP-\d+$/);
    const text = (await receipt.locator('main').textContent()) ?? '';
    for (const expected of [
      'Acme Proxies',
      email,
      'Subtotal$25.00',
      'Crypto processing fee$0.75',
      'Total$25.75',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).toMatch(/Paid\s*\d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/);
    expect(await receipt.evaluate(() => document.documentElement.lang)).toBe('en');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('receipt-pdf').first().click(),
    ]);
    expect(download.suggestedFilename()).toBe(`receipt-${number}.pdf`);
    const pdf = await readFile(await download.path());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('an order with a coupon, for a customer who switched the portal to Russian → the receipt in Russian with the discount', async () => {
    const { page, server, mailbox } = journey;
    const { token } = await signedInCustomer(page, server.url, mailbox, 'receipt-ru');
    const api = customerApi(server.url, token);
    // The portal's language switch is the account's language (it is saved on the server).
    await page.getByTestId('language-switch').click();
    await page.getByTestId('language-option-ru-RU').click();
    await expect.poll(async () => (await api.data(accountEndpoints.userInfo, {})).lang).toBe('ru');
    const order = await api.call(orderEndpoints.pay, { quantity: '2', coupon: 'PRINT10' });
    expect(order.code).toBe(20302);
    const { url } = order.data as { url: string };
    const paid = await fetch(`${url}/pay`, { method: 'POST', redirect: 'manual' });
    expect([302, 303]).toContain(paid.status);
    const list = async () => (await api.data(orderEndpoints.list, {})).list;
    await expect.poll(async () => (await list())[0]?.status).toBe('paid');
    const stored = (await list())[0];

    await page.goto(`${server.url}/client/residential`);
    await page.getByTestId('orders-table').getByTestId('receipt-open').waitFor();
    const receipt = await openedReceipt(page);
    const text = (await receipt.locator('main').textContent()) ?? '';
    const usd = (cents = 0) =>
      new Intl.NumberFormat('ru-RU', { style: 'currency', currency: 'USD' }).format(cents / 100);
    expect(text).toContain('Квитанция R-ORDER-');
    expect(text).toContain(`Скидка (купон PRINT10)−${usd(stored?.discount_cents)}`);
    expect(text).toContain(`Итого${usd(stored?.total_cents)}`);
    expect(stored?.discount_cents).toBeGreaterThan(0);
    expect(await receipt.evaluate(() => document.documentElement.lang)).toBe('ru');
  });
});
