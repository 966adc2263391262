import { balanceEndpoints, rechargeEndpoints } from '@resiport/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../../config/paths';
import { mockEndpoint, passThrough, refuse } from '../../test/api-mock';
import { checkoutUrl, visitedCheckout } from '../../test/checkout';
import { aPage } from '../../test/fixtures';
import { renderPage } from '../../test/render';
import { signIn } from '../../test/session';
import { named } from '../../test/queries';
import RechargePage from '.';

async function openRecharge(url: string = paths.recharge) {
  signIn();
  mockEndpoint(rechargeEndpoints.record, aPage([]));
  mockEndpoint(balanceEndpoints.history, aPage([]));
  const view = await renderPage(RechargePage, { path: paths.recharge, url });
  const amount = await screen.findByLabelText<HTMLInputElement>('Amount (USD)');
  return { ...view, amount };
}

const shown = (testId: string) => screen.getByTestId(testId).textContent;

describe('recharge: before paying', () => {
  it('shows what the balance gets, the 3% crypto fee and the total', async () => {
    const { user, amount } = await openRecharge();
    await user.type(amount, '50');

    await expect.poll(() => shown('recharge-total')).toBe('$51.50');
    expect(shown('recharge-credited')).toBe('$50.00');
    expect(shown('recharge-fee')).toBe('$1.50');
  });

  it('refuses less than 20 USD without asking the server', async () => {
    const pay = mockEndpoint(rechargeEndpoints.pay, refuse('AmountTooSmall', 'Too small'));
    const { user, amount } = await openRecharge();
    await user.type(amount, '19.99');
    await user.click(screen.getByRole('button', { name: named('Pay with crypto') }));

    await screen.findByText('The minimum top-up is $20.00');
    expect(shown('recharge-total')).toBe('—');
    expect(pay.inputs).toEqual([]);
  });

  it('starts with the amount another screen asks for (?amount=)', async () => {
    const { amount } = await openRecharge(`${paths.recharge}?amount=20.00`);
    expect(amount.value).toBe('20.00');
    await expect.poll(() => shown('recharge-total')).toBe('$20.60');
  });
});

describe('recharge: paying', () => {
  it('sends the amount in USD and leaves for the crypto checkout', async () => {
    const pay = mockEndpoint(
      rechargeEndpoints.pay,
      passThrough(rechargeEndpoints.pay, 'GoToPayment', {
        url: checkoutUrl('recharge-9'),
        recharge_id: 9,
        amount_cents: 2_550,
        fee_cents: 77,
        total_cents: 2_627,
      }),
    );
    const { user, amount } = await openRecharge();
    await user.type(amount, '25,5');
    await user.click(screen.getByRole('button', { name: named('Pay with crypto') }));

    await expect.poll(visitedCheckout).toBe('recharge-9');
    // A decimal comma is read as a point; the server gets dollars with two decimals.
    expect(pay.sent).toEqual([{ amount: '25.50', idempotency_key: expect.any(String) as string }]);
    expect(pay.inputs).toEqual([{ amount: 2_550, idempotency_key: expect.any(String) as string }]);
  });

  it('shows the server refusing the amount on the field', async () => {
    mockEndpoint(rechargeEndpoints.pay, refuse('AmountTooSmall', 'The minimum top-up is 20 USD'));
    const { user, amount, container } = await openRecharge();
    await user.type(amount, '20');
    await user.click(screen.getByRole('button', { name: named('Pay with crypto') }));

    // In the form (the toast says it too, outside it).
    expect(await within(container).findByText('The minimum top-up is 20 USD')).toBeTruthy();
    expect(visitedCheckout()).toBe('');
  });
});
