import { adminPaymentsEndpoints as calls, type AdminInvoiceRow } from '@resiport/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../../config/paths';
import { mockEndpoint, refuse } from '../../test/api-mock';
import { aPage } from '../../test/fixtures';
import { named } from '../../test/queries';
import { renderPage } from '../../test/render';
import { signIn } from '../../test/session';
import AdminPaymentsPage from '.';

const underpaid: AdminInvoiceRow = {
  id: 77,
  order_ref: 'rc-77-abcdef',
  purpose: 'recharge',
  account_id: 7,
  email: 'buyer@example.com',
  recharge_id: 12,
  order_id: null,
  amount_cents: 2060,
  status: 'cancelled',
  payment_detail: 'underpaid',
  provider_status: 'wrong_amount',
  payment_received: { amount: '10.30', currency: 'USDT' },
  received_usd_cents: 1030,
  extra_credited_cents: 0,
  created_at: '2026-11-26T08:00:00.000Z',
  expires_at: '2026-11-26T09:00:00.000Z',
  settled_at: '2026-11-26T08:20:00.000Z',
  resolution: null,
  resolvable: true,
  credit_cents: 1000,
};
// Another customer's payment on the same page: resolving #77 must never send its id.
const other: AdminInvoiceRow = {
  ...underpaid,
  id: 76,
  account_id: 8,
  email: 'other@example.com',
  recharge_id: 11,
};
const unreported: AdminInvoiceRow = { ...underpaid, received_usd_cents: null, credit_cents: null };

const reason = 'Customer confirmed the amount, ticket 7';
const key = expect.stringMatching(/^[\w-]{8,64}$/) as string;

async function openResolve(invoice: AdminInvoiceRow, url: string = paths.adminPayments) {
  signIn({ access: { name: 'operator' } });
  const list = mockEndpoint(calls.invoices, aPage([invoice, other], 1, 20));
  const view = await renderPage(AdminPaymentsPage, { path: paths.adminPayments, url });
  await view.user.click(await screen.findByTestId(`invoice-resolve-${invoice.id}`));
  const dialog = (await screen.findByText(`Resolve payment #${invoice.id}`)).closest<HTMLElement>(
    '[role="dialog"]',
  );
  if (dialog === null) throw new Error('The resolve dialog is not open');
  return { ...view, list, dialog: within(dialog) };
}

async function confirm(view: Awaited<ReturnType<typeof openResolve>>) {
  await view.user.type(view.dialog.getByTestId('resolve-reason'), reason);
  await view.user.click(view.dialog.getByRole('button', { name: named('Resolve…') }));
  await view.dialog.findByTestId('resolve-warning');
  await view.user.click(view.dialog.getByRole('button', { name: named('Yes, resolve') }));
}

const resolvedAs = (choice: 'credit' | 'refunded', credited: number) => ({
  invoice: {
    ...underpaid,
    status: choice === 'credit' ? ('cancelled' as const) : ('refunded' as const),
    payment_detail: choice === 'credit' ? ('credited' as const) : null,
    resolvable: false,
    credit_cents: null,
  },
  credited_cents: credited,
});

describe('the console resolve dialog', () => {
  it('credits what arrived: sends this payment’s id, the choice, the reason and a key', async () => {
    const view = await openResolve(underpaid, `${paths.adminPayments}?detail=underpaid`);
    // The overview's link filters the list by the provider's detail.
    expect(view.list.inputs[0]).toMatchObject({ detail: 'underpaid' });
    const resolve = mockEndpoint(calls.resolve, resolvedAs('credit', 1000));
    expect(
      view.dialog.getByText('Credit what arrived, less the crypto fee: $10.00 to the customer’s balance'),
    ).toBeTruthy();
    await confirm(view);

    await screen.findByText('Resolved: $10.00 credited');
    expect(resolve.inputs).toEqual([{ invoice_id: 77, choice: 'credit', reason, idempotency_key: key }]);
    await waitFor(() => expect(screen.queryByText('Resolve payment #77')).toBeNull());
  });

  it('marks it returned outside the product when that is the choice', async () => {
    const view = await openResolve(underpaid);
    const resolve = mockEndpoint(calls.resolve, resolvedAs('refunded', 0));
    await view.user.click(view.dialog.getByTestId('resolve-refunded'));
    await confirm(view);

    await screen.findByText('Resolved: marked returned to the payer');
    expect(resolve.inputs).toEqual([{ invoice_id: 77, choice: 'refunded', reason, idempotency_key: key }]);
  });

  it('keeps the dialog open with the server’s refusal', async () => {
    const view = await openResolve(underpaid);
    const refusal = 'This payment has already been resolved';
    const resolve = mockEndpoint(calls.resolve, refuse('InvoiceAlreadyResolved', refusal));
    await confirm(view);

    expect((await view.dialog.findByTestId('resolve-problem')).textContent).toContain(refusal);
    expect(screen.getByText('Resolve payment #77')).toBeTruthy();
    expect(resolve.inputs).toHaveLength(1);
  });

  it('offers no credit when the provider never said what arrived in USD', async () => {
    const view = await openResolve(unreported);
    const resolve = mockEndpoint(calls.resolve, resolvedAs('refunded', 0));
    const credit = view.dialog.getByTestId('resolve-credit');
    expect(credit.closest('label')?.className).toContain('ant-radio-wrapper-disabled');
    await confirm(view);
    await waitFor(() =>
      expect(resolve.inputs).toEqual([{ invoice_id: 77, choice: 'refunded', reason, idempotency_key: key }]),
    );
  });
});
