import { balanceEndpoints, rechargeEndpoints, type RechargeRecord } from '@resiport/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { saveOrderDraft } from '../../features/orders/saved-order-draft';
import { paths } from '../../config/paths';
import { mockEndpoint, refuse, type MockHandler } from '../../test/api-mock';
import { aPage } from '../../test/fixtures';
import { renderPage } from '../../test/render';
import { signIn } from '../../test/session';
import { named } from '../../test/queries';
import RechargePage from '.';

/** Back from the Cryptomus checkout: /recharge?recharge_id=9 checks that top-up and says how it ended. */
const topUp: RechargeRecord = {
  id: 9,
  amount_cents: 2_550,
  fee_cents: 77,
  total_cents: 2_627,
  status: 'unpaid',
  payment_detail: null,
  payment_received: null,
  payment_extra_cents: 0,
  created_at: '2026-03-01T12:00:00.000Z',
  paid_at: null,
  checkout_url: null,
};

async function returnFromCheckout(check: MockHandler<typeof rechargeEndpoints.check>) {
  signIn({ balance_cents: 5_000 });
  mockEndpoint(rechargeEndpoints.record, aPage([topUp]));
  mockEndpoint(balanceEndpoints.history, aPage([]));
  const checks = mockEndpoint(rechargeEndpoints.check, check);
  const view = await renderPage(RechargePage, {
    path: paths.recharge,
    url: `${paths.recharge}?recharge_id=9`,
  });
  return { ...view, checks };
}

const outcome = async (status: string) => {
  const notice = await screen.findByTestId('recharge-outcome');
  await expect.poll(() => notice.getAttribute('data-status')).toBe(status);
  return within(screen.getByTestId('recharge-outcome'));
};

describe('recharge: back from the checkout', () => {
  it('paid: says what was added and the new balance', async () => {
    const { checks } = await returnFromCheckout(() => ({
      ...topUp,
      status: 'paid',
      paid_at: '2026-03-01T12:05:00.000Z',
      balance_cents: 7_550,
    }));

    const notice = await outcome('paid');
    expect(notice.getByText('$25.50 added to your balance')).toBeTruthy();
    expect(notice.getByText('Your balance is now $75.50.')).toBeTruthy();
    expect(checks.inputs).toEqual([{ recharge_id: 9 }]);
  });

  it('paid for an order: one "Back to my order", on the success notice, not a second on the reminder', async () => {
    saveOrderDraft({
      choice: { kind: 'package', packageId: 1 },
      quantityGb: 10,
      coupon: undefined,
      way: 'balance',
    });
    await returnFromCheckout(() => ({
      ...topUp,
      status: 'paid',
      paid_at: '2026-03-01T12:05:00.000Z',
      balance_cents: 7_550,
    }));

    const paid = await outcome('paid');
    expect(paid.getByRole('button', { name: named('Back to my order') })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: named('Back to my order') })).toHaveLength(1);
    expect(screen.queryByTestId('recharge-for-order')).toBeNull();
  });

  it('pending: says so and checks again on request', async () => {
    const { user, checks } = await returnFromCheckout((_input, call) =>
      call === 1
        ? refuse('PaymentPending', 'The payment has not arrived yet', { ...topUp, balance_cents: 5_000 })
        : { ...topUp, status: 'paid', paid_at: '2026-03-01T12:05:00.000Z', balance_cents: 7_550 },
    );

    const pending = await outcome('pending');
    expect(pending.getByText('The payment has not arrived yet')).toBeTruthy();
    await user.click(pending.getByRole('button', { name: named('Check again') }));

    await outcome('paid');
    expect(checks.inputs).toEqual([{ recharge_id: 9 }, { recharge_id: 9 }]);
  });

  it('expired: says nothing was added and starts a new payment of the same amount', async () => {
    const { user, location } = await returnFromCheckout(() => ({
      ...topUp,
      status: 'cancelled',
      payment_detail: 'expired',
      balance_cents: 5_000,
    }));

    const expired = await outcome('expired');
    expect(expired.getByText('The payment time ran out')).toBeTruthy();
    expect(expired.getByText(/The invoice for \$26\.27 was not paid in time/)).toBeTruthy();
    await user.click(expired.getByRole('button', { name: named('Try again') }));

    expect(screen.getByLabelText<HTMLInputElement>('Amount (USD)').value).toBe('25.50');
    expect(screen.queryByTestId('recharge-outcome')).toBeNull();
    expect(location()).toBe(paths.recharge);
  });

  it('underpaid: says what arrived, that it was not credited, and who resolves it — no "failed"', async () => {
    await returnFromCheckout(() => ({
      ...topUp,
      status: 'cancelled',
      payment_detail: 'underpaid',
      payment_received: { amount: '13.13', currency: 'USDT' },
      balance_cents: 5_000,
    }));

    const underpaid = await outcome('underpaid');
    expect(underpaid.getByText('Less than the invoice arrived: nothing was added yet')).toBeTruthy();
    expect(underpaid.getByText('Received: 13.13 USDT (invoice: $26.27).')).toBeTruthy();
    expect(
      underpaid.getByText(/it was not credited automatically\. Our team reviews every underpaid/),
    ).toBeTruthy();
    expect(underpaid.getByText(/quote top-up #9/)).toBeTruthy();
    const mail = await underpaid.findByRole('link', { name: 'help@reseller.test' });
    expect(mail.getAttribute('href')).toBe('mailto:help@reseller.test?subject=top-up%20%239');
    expect(underpaid.getByRole('link', { name: named('Contact support') })).toBeTruthy();
    expect(underpaid.queryByText(/failed/i)).toBeNull();
    expect(underpaid.queryByRole('button', { name: named('Try again') })).toBeNull();
  });

  it('paid over: the top-up and the extra credited, with what arrived', async () => {
    await returnFromCheckout(() => ({
      ...topUp,
      status: 'paid',
      payment_detail: 'paid_over',
      payment_received: { amount: '28.90', currency: 'USDT' },
      payment_extra_cents: 255,
      paid_at: '2026-03-01T12:05:00.000Z',
      balance_cents: 7_805,
    }));

    const over = await outcome('paid_over');
    expect(over.getByText('$28.05 added to your balance')).toBeTruthy();
    expect(over.getByText('Received: 28.90 USDT (invoice: $26.27).')).toBeTruthy();
    expect(
      over.getByText('You sent more than the invoice: the extra, $2.55, was added to your balance too.'),
    ).toBeTruthy();
    expect(over.queryByTestId('support-email')).toBeNull();
  });

  it('paid over with an extra that could not be valued: the top-up credited, support for the extra', async () => {
    await returnFromCheckout(() => ({
      ...topUp,
      status: 'paid',
      payment_detail: 'paid_over',
      payment_received: { amount: '28.90', currency: 'USDT' },
      paid_at: '2026-03-01T12:05:00.000Z',
      balance_cents: 7_550,
    }));

    const over = await outcome('paid_over');
    expect(over.getByText('$25.50 added to your balance')).toBeTruthy();
    expect(over.getByText(/You sent more than the invoice\. About the extra, write to/)).toBeTruthy();
    expect(await over.findByTestId('support-email')).toBeTruthy();
  });
});
