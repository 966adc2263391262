import { describe, expect, it } from 'vitest';
import { signedInCustomer } from './support/customer';
import { fillForm } from './support/journey';
import { useJourney } from './support/journey-setup';

describe('adding funds in Chromium through the bundled Cryptomus sandbox', () => {
  const journey = useJourney();

  it('add 25 USD: fee shown before paying, pay at the checkout, balance shows 25.00', async () => {
    const { page, server, mailbox } = journey;
    await signedInCustomer(page, server.url, mailbox, 'recharge');
    await page.goto(`${server.url}/client/recharge`);
    await fillForm(page, {});
    await page.getByTestId('recharge-amount').fill('25');
    await expect.poll(() => page.getByTestId('recharge-fee').textContent()).toContain('0.75');
    await expect.poll(() => page.getByTestId('recharge-total').textContent()).toContain('25.75');
    await page.getByTestId('recharge-pay').click();

    await page.waitForURL('**/sandbox/cryptomus/pay/**');
    await page.getByRole('button', { name: 'Pay', exact: true }).click();

    await page.waitForURL('**/client/recharge?recharge_id=*');
    await expect.poll(() => page.getByTestId('recharge-outcome').getAttribute('data-status')).toBe('paid');
    await expect.poll(() => page.getByTestId('header-balance').textContent()).toContain('25.00');
    await expect.poll(() => page.getByTestId('recharge-record-table').textContent()).toContain('25.75');
  });

  it('a checkout left to expire ends as expired and adds nothing', async () => {
    const { page, server, mailbox } = journey;
    await signedInCustomer(page, server.url, mailbox, 'recharge');
    await page.goto(`${server.url}/client/recharge`);
    await fillForm(page, {});
    await page.getByTestId('recharge-amount').fill('20');
    await page.getByTestId('recharge-pay').click();
    await page.waitForURL('**/sandbox/cryptomus/pay/**');
    await page.getByRole('button', { name: 'Let expire', exact: true }).click();
    await page.waitForURL('**/client/recharge?recharge_id=*');
    await expect.poll(() => page.getByTestId('recharge-outcome').getAttribute('data-status')).toBe('expired');
    await expect.poll(() => page.getByTestId('header-balance').textContent()).toContain('0.00');
  });
});
