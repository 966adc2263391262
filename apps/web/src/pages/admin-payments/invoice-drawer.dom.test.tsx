import {
  adminPaymentsEndpoints as calls,
  type AdminInvoiceDetail,
  type AdminInvoiceRow,
} from '@resiport/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../../config/paths';
import { mockEndpoint } from '../../test/api-mock';
import { aPage } from '../../test/fixtures';
import { renderPage } from '../../test/render';
import { signIn } from '../../test/session';
import AdminPaymentsPage from '.';

const expired: AdminInvoiceRow = {
  id: 80,
  order_ref: 'rc-80-abcdef',
  purpose: 'recharge',
  account_id: 7,
  email: 'buyer@example.com',
  recharge_id: 15,
  order_id: null,
  amount_cents: 2060,
  status: 'cancelled',
  payment_detail: 'expired',
  provider_status: 'cancel',
  payment_received: null,
  received_usd_cents: 2060,
  extra_credited_cents: 0,
  created_at: '2026-11-26T08:00:00.000Z',
  expires_at: '2026-11-26T09:00:00.000Z',
  settled_at: '2026-11-26T09:00:00.000Z',
  resolution: null,
  resolvable: true,
  credit_cents: 2060,
};

const detail: AdminInvoiceDetail = {
  invoice: expired,
  history: [
    {
      id: 1,
      kind: 'check',
      source: 'reconcile',
      provider_status: 'cancel',
      is_final: true,
      status: 'cancelled',
      payment_detail: 'expired',
      payment_received: null,
      received_usd_cents: null,
      created_at: '2026-11-26T09:00:00.000Z',
      after_close: false,
    },
    {
      id: 2,
      kind: 'webhook',
      source: 'webhook',
      provider_status: 'paid',
      is_final: true,
      status: 'paid',
      payment_detail: null,
      payment_received: { amount: '20.60', currency: 'USDT' },
      received_usd_cents: 2060,
      created_at: '2026-11-26T09:40:00.000Z',
      after_close: true,
    },
  ],
  ledger: [],
};

describe('the console payment drawer', () => {
  it('opens from the address and tells the provider’s history, a late payment marked', async () => {
    signIn({ access: { name: 'operator' } });
    mockEndpoint(calls.invoices, aPage([expired], 1, 20));
    const opened = mockEndpoint(calls.invoice, detail);
    await renderPage(AdminPaymentsPage, {
      path: paths.adminPayments,
      url: `${paths.adminPayments}?invoice_id=80`,
    });

    const history = within(await screen.findByTestId('invoice-history'));
    expect(opened.inputs).toEqual([{ invoice_id: 80 }]);
    expect(history.getByText('Reconciliation')).toBeTruthy();
    expect(history.getByText('Webhook')).toBeTruthy();
    expect(history.getByText('after it closed')).toBeTruthy();
    expect(history.getByText('Received 20.60 USDT ($20.60)')).toBeTruthy();
    expect(history.getByText('2026-11-26 09:40 UTC')).toBeTruthy();
    expect(screen.getByTestId('invoice-resolve')).toBeTruthy();
    expect(screen.queryByText('Paid over, credited to the balance')).toBeNull();
  });

  it('a paid-over invoice shows the extra it credited to the balance', async () => {
    signIn({ access: { name: 'operator' } });
    const paidOver: AdminInvoiceRow = {
      ...expired,
      status: 'paid',
      payment_detail: 'paid_over',
      provider_status: 'paid_over',
      payment_received: { amount: '22.66', currency: 'USDT' },
      received_usd_cents: 2266,
      extra_credited_cents: 200,
      resolvable: false,
      credit_cents: null,
    };
    mockEndpoint(calls.invoices, aPage([paidOver], 1, 20));
    mockEndpoint(calls.invoice, { ...detail, invoice: paidOver });
    await renderPage(AdminPaymentsPage, {
      path: paths.adminPayments,
      url: `${paths.adminPayments}?invoice_id=80`,
    });

    const label = await screen.findByText('Paid over, credited to the balance');
    expect(label.closest('tr')?.textContent).toContain('$2.00');
  });
});
