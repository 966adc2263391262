import { orderEndpoints, type Order } from '@resiport/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../../config/paths';
import { mockEndpoint } from '../../test/api-mock';
import { aPaidOrder } from '../../test/orders-api';
import { renderPage } from '../../test/render';
import { signIn } from '../../test/session';
import { named } from '../../test/queries';
import { OrderOutcome } from './order-outcome';

/** Back from the checkout with `?order_id=41`: how a crypto order's payment ended (decision 026). */
const cryptoOrder: Order = {
  ...aPaidOrder(41),
  paid_type: 'cryptomus',
  fee_cents: 90,
  total_cents: 3_090,
};

async function returnWith(order: Partial<Order>) {
  signIn();
  mockEndpoint(orderEndpoints.checkPay, { ...cryptoOrder, ...order });
  await renderPage(() => <OrderOutcome orderId={41} onClose={() => undefined} />, {
    path: paths.residential,
  });
  const notice = await screen.findByTestId('order-outcome');
  await expect.poll(() => notice.getAttribute('data-status')).not.toBe('checking');
  return { status: notice.getAttribute('data-status'), notice: within(notice) };
}

describe('order outcome after the crypto checkout', () => {
  it('underpaid: what arrived, not credited, an operator resolves it, how to reach support', async () => {
    const { status, notice } = await returnWith({
      status: 'cancelled',
      paid_at: null,
      payment_detail: 'underpaid',
      payment_received: { amount: '15.45', currency: 'USDT' },
    });

    expect(status).toBe('underpaid');
    expect(
      notice.getByText('Order #41: less than the invoice arrived, so no traffic was added yet'),
    ).toBeTruthy();
    expect(notice.getByText('Received: 15.45 USDT (invoice: $30.90).')).toBeTruthy();
    expect(notice.getByText(/it was not credited automatically/)).toBeTruthy();
    expect(notice.getByText(/quote order #41/)).toBeTruthy();
    expect(await notice.findByRole('link', { name: 'help@reseller.test' })).toBeTruthy();
    expect(notice.getByRole('link', { name: named('Contact support') })).toBeTruthy();
    // The old, false story.
    expect(notice.queryByText(/not paid in time/)).toBeNull();
  });

  it('expired: not paid in time, nothing charged, a new order offered', async () => {
    const { status, notice } = await returnWith({
      status: 'cancelled',
      paid_at: null,
      payment_detail: 'expired',
    });

    expect(status).toBe('expired');
    expect(notice.getByText('Order #41 was cancelled: the invoice expired')).toBeTruthy();
    expect(notice.getByText(/not paid in time, so nothing was charged/)).toBeTruthy();
    expect(notice.getByRole('button', { name: named('New order') })).toBeTruthy();
    expect(notice.queryByTestId('payment-received')).toBeNull();
  });

  it('paid over: the traffic credited, what arrived, and the extra on the balance', async () => {
    const { status, notice } = await returnWith({
      payment_detail: 'paid_over',
      payment_received: { amount: '33.99', currency: 'USDT' },
      payment_extra_cents: 300,
    });

    expect(status).toBe('paid_over');
    expect(notice.getByText('Order #41 is paid: 10.00 GB added to your traffic')).toBeTruthy();
    expect(notice.getByText('Received: 33.99 USDT (invoice: $30.90).')).toBeTruthy();
    expect(
      notice.getByText('You sent more than the invoice: the extra, $3.00, was added to your balance too.'),
    ).toBeTruthy();
  });
});
