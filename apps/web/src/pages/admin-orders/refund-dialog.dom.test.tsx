import {
  adminPaymentsEndpoints as calls,
  type AdminOrderDetail,
  type AdminOrderRow,
} from '@resiport/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../../config/paths';
import { mockEndpoint, refuse } from '../../test/api-mock';
import { aPage, gb } from '../../test/fixtures';
import { named } from '../../test/queries';
import { renderPage } from '../../test/render';
import { signIn } from '../../test/session';
import AdminOrdersPage from '.';

const paid: AdminOrderRow = {
  id: 41,
  account_id: 7,
  email: 'buyer@example.com',
  package_code: null,
  is_trial: false,
  traffic_bytes: gb(4),
  price_per_gb_cents: 450,
  original_cents: 1800,
  discount_cents: 0,
  coupon_code: null,
  amount_cents: 1800,
  fee_cents: 0,
  total_cents: 1800,
  paid_cents: 1800,
  status: 'paid',
  way: 'balance',
  invoice_id: null,
  payment_detail: null,
  created_at: '2026-11-20T10:00:00.000Z',
  paid_at: '2026-11-20T10:00:00.000Z',
  refunded_at: null,
};
// Another customer's order on the same page: its id must never be what a refund of #41 sends.
const other: AdminOrderRow = { ...paid, id: 40, account_id: 8, email: 'other@example.com' };

const detailOf = (order: AdminOrderRow): AdminOrderDetail => ({
  order,
  timeline: [
    { event: 'created', at: order.created_at },
    { event: 'paid', at: order.created_at },
  ],
  invoice: null,
  ledger: [],
  refund: null,
});

const reason = 'Unused traffic, ticket 42';

/**
 * The refund dialog, found by its title: it opens over the order's drawer, and in tests antd gives
 * both the same `aria-labelledby` id, so a role-and-name query would name the drawer.
 */
async function refundDialog(): Promise<HTMLElement> {
  const dialog = (await screen.findByText('Refund order #41')).closest<HTMLElement>('[role="dialog"]');
  if (dialog === null) throw new Error('The refund dialog is not open');
  return dialog;
}
const refundDialogOpen = () => screen.queryByText('Refund order #41') !== null;

async function openRefund() {
  signIn({ access: { name: 'operator' } });
  mockEndpoint(calls.orders, aPage([paid, other], 1, 20));
  mockEndpoint(calls.order, (input) => detailOf(input.order_id === paid.id ? paid : other));
  const quote = mockEndpoint(calls.refundQuote, {
    order_id: paid.id,
    removed_bytes: gb(3),
    refunded_cents: 1350,
    order_bytes: gb(4),
    paid_cents: 1800,
  });
  const view = await renderPage(AdminOrdersPage, { path: paths.adminOrders });
  await view.user.click(await screen.findByTestId('order-open-41'));
  await view.user.click(await screen.findByTestId('order-refund'));
  const dialog = await refundDialog();
  await within(dialog).findByText('$13.50 of $18.00 paid');
  return { ...view, dialog: within(dialog), quote };
}

async function confirmRefund(view: Awaited<ReturnType<typeof openRefund>>) {
  await view.user.type(view.dialog.getByTestId('refund-reason'), reason);
  await view.user.click(view.dialog.getByRole('button', { name: named('Refund…') }));
  await view.dialog.findByTestId('refund-warning');
  await view.user.click(view.dialog.getByRole('button', { name: named('Yes, refund') }));
}

describe('the console refund dialog', () => {
  it('shows the server’s figures and sends this order’s id, the reason and a key, once confirmed', async () => {
    const view = await openRefund();
    const refund = mockEndpoint(calls.refund, {
      order: { ...paid, status: 'refunded', refunded_at: '2026-11-27T09:00:00.000Z' },
      refunded_cents: 1350,
      removed_bytes: gb(3),
    });
    expect(view.quote.inputs).toEqual([{ order_id: 41 }]);
    expect(view.dialog.getByText(/3\.00 GB/)).toBeTruthy();

    // Without a reason nothing is sent; the first press only asks again.
    await view.user.click(view.dialog.getByRole('button', { name: named('Refund…') }));
    expect(await view.dialog.findByText(/Give a reason of 3 to 500 characters/)).toBeTruthy();
    await confirmRefund(view);

    await screen.findByText('Refunded: $13.50 returned, 3.00 GB removed');
    expect(refund.inputs).toEqual([
      { order_id: 41, reason, idempotency_key: expect.stringMatching(/^[\w-]{8,64}$/) as string },
    ]);
    await waitFor(() => expect(refundDialogOpen()).toBe(false));
  });

  it('keeps the dialog open with the server’s refusal, and sends the same key when tried again', async () => {
    const view = await openRefund();
    const refusal = 'All the traffic of this order has been used: nothing is left to refund';
    const refund = mockEndpoint(calls.refund, refuse('OrderTrafficUsed', refusal));
    await confirmRefund(view);

    expect((await view.dialog.findByTestId('refund-problem')).textContent).toContain(refusal);
    expect(refundDialogOpen()).toBe(true);
    await view.user.click(view.dialog.getByRole('button', { name: named('Refund…') }));
    await view.user.click(await view.dialog.findByRole('button', { name: named('Yes, refund') }));
    await waitFor(() => expect(refund.inputs).toHaveLength(2));
    expect(refund.inputs[1]).toEqual(refund.inputs[0]);
  });

  it('says why an order cannot be refunded before anything is typed, and offers no refund', async () => {
    signIn({ access: { name: 'operator' } });
    mockEndpoint(calls.orders, aPage([paid], 1, 20));
    mockEndpoint(calls.order, detailOf(paid));
    const refusal = 'This order has already been refunded';
    mockEndpoint(calls.refundQuote, refuse('OrderAlreadyRefunded', refusal));
    const view = await renderPage(AdminOrdersPage, { path: paths.adminOrders });
    await view.user.click(await screen.findByTestId('order-open-41'));
    await view.user.click(await screen.findByTestId('order-refund'));
    const dialog = within(await refundDialog());
    expect((await dialog.findByTestId('refund-refused')).textContent).toContain(refusal);
    expect(dialog.getByRole('button', { name: named('Refund…') }).hasAttribute('disabled')).toBe(true);
  });
});
