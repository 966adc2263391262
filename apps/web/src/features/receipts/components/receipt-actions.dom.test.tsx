import {
  balanceEndpoints,
  orderEndpoints,
  rechargeEndpoints,
  receiptLinks,
  ResultCode,
  type Order,
  type RechargeRecord,
} from '@resiport/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../config/paths';
import RechargePage from '../../../pages/recharge';
import { OrdersCard } from '../../../pages/residential/orders-card';
import { mockEndpoint } from '../../../test/api-mock';
import { checkoutUrl } from '../../../test/checkout';
import { jsonResponse, reportProblem, setRoute } from '../../../test/fetch-mock';
import { aPage } from '../../../test/fixtures';
import { aPaidOrder } from '../../../test/orders-api';
import { renderPage } from '../../../test/render';
import { signIn } from '../../../test/session';

/** The receipt of a paid row (decision 038): the page in a tab opened at the click, the PDF saved. */
const paid: RechargeRecord = {
  id: 11,
  amount_cents: 2_000,
  fee_cents: 60,
  total_cents: 2_060,
  status: 'paid',
  payment_detail: null,
  payment_received: null,
  payment_extra_cents: 0,
  created_at: '2026-03-01T12:00:00.000Z',
  paid_at: '2026-03-01T12:05:00.000Z',
  checkout_url: null,
};
const unpaid: RechargeRecord = {
  ...paid,
  id: 12,
  status: 'unpaid',
  paid_at: null,
  checkout_url: checkoutUrl('recharge-12'),
};
const expired: RechargeRecord = {
  ...paid,
  id: 13,
  status: 'cancelled',
  payment_detail: 'expired',
  paid_at: null,
};

const HTML = '<!doctype html><html lang="en"><body>Receipt R-TOPUP-11</body></html>';

/** The row at `index` of a table's rows under the header. */
function rowAt(rows: HTMLElement[], index: number) {
  const row = rows[index];
  if (row === undefined) throw new Error(`The table has no row ${index}`);
  return within(row);
}

/** A tab as `window.open` returns it, recording where it was sent and whether it was closed. */
function fakeTab() {
  const tab = { location: { href: '' }, close: vi.fn() };
  const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
  return {
    ...tab,
    open,
    get href() {
      return tab.location.href;
    },
  };
}

describe('receipt actions', () => {
  let asked: URLSearchParams[];
  let answer: () => Response;
  let saved: string[];
  beforeEach(() => {
    asked = [];
    saved = [];
    answer = () => new Response(HTML, { headers: { 'content-type': 'text/html; charset=utf-8' } });
    setRoute(receiptLinks.document.path, (request) => {
      if (!request.headers.has('JWT-TOKEN')) reportProblem('the receipt was asked without the session');
      const checked = receiptLinks.document.request.safeParse(Object.fromEntries(request.url.searchParams));
      if (!checked.success) reportProblem(`the server refuses ${request.url.search}`);
      asked.push(request.url.searchParams);
      return Promise.resolve(answer());
    });
    let blobs = 0;
    URL.createObjectURL = () => `blob:test/${++blobs}`;
    URL.revokeObjectURL = () => undefined;
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
  });
  afterEach(() => vi.restoreAllMocks());

  async function openRecord(list: RechargeRecord[]) {
    signIn({ balance_cents: 0 });
    mockEndpoint(rechargeEndpoints.record, aPage(list));
    mockEndpoint(balanceEndpoints.history, aPage([]));
    const view = await renderPage(RechargePage, { path: paths.recharge });
    const table = await screen.findByTestId('recharge-record-table');
    await within(table).findAllByText('Paid');
    return { ...view, rows: within(table).getAllByRole('row').slice(1) };
  }

  it('only a paid top-up has one; "Receipt" shows the page, fetched with the session, in a new tab', async () => {
    const tab = fakeTab();
    const { user, rows } = await openRecord([unpaid, expired, paid]);
    expect(rowAt(rows, 0).queryByTestId('receipt-open')).toBeNull();
    expect(rowAt(rows, 1).queryByTestId('receipt-open')).toBeNull();

    await user.click(rowAt(rows, 2).getByTestId('receipt-open'));
    await waitFor(() => expect(tab.href).toBe('blob:test/1'));
    expect(tab.open).toHaveBeenCalledWith('', '_blank');
    expect(asked.map((query) => Object.fromEntries(query))).toEqual([
      { kind: 'recharge', id: '11', format: 'html' },
    ]);
    expect(tab.close).not.toHaveBeenCalled();
    expect(saved).toEqual([]);
  });

  it('"PDF" saves the file under the server\'s name', async () => {
    answer = () =>
      new Response('%PDF-1.3', {
        headers: {
          'content-type': 'application/pdf',
          'content-disposition': 'attachment; filename="receipt-R-TOPUP-11.pdf"',
        },
      });
    const { user, rows } = await openRecord([paid]);
    await user.click(rowAt(rows, 0).getByTestId('receipt-pdf'));
    await waitFor(() => expect(saved).toEqual(['receipt-R-TOPUP-11.pdf']));
    expect(Object.fromEntries(asked[0] ?? [])).toEqual({ kind: 'recharge', id: '11', format: 'pdf' });
  });

  it("a refusal closes the tab and toasts the server's message", async () => {
    const tab = fakeTab();
    const msg = 'Only a paid top-up or order has a receipt';
    answer = () => jsonResponse({ code: ResultCode.ReceiptNotPaid, msg, data: null }, 409);
    const { user, rows } = await openRecord([paid]);
    await user.click(rowAt(rows, 0).getByTestId('receipt-open'));
    await expect.poll(() => document.querySelector('.ant-message')?.textContent ?? '').toContain(msg);
    expect(tab.close).toHaveBeenCalled();
    expect(tab.href).toBe('');
  });

  it('a blocked tab: the page is saved as a file instead', async () => {
    vi.spyOn(window, 'open').mockReturnValue(null);
    const { user, rows } = await openRecord([paid]);
    await user.click(rowAt(rows, 0).getByTestId('receipt-open'));
    await waitFor(() => expect(saved).toEqual(['receipt-R-TOPUP-11.html']));
  });

  it('on the orders list: paid and refunded orders have one, unpaid and cancelled ones do not', async () => {
    const tab = fakeTab();
    const order = (id: number, fields: Partial<Order>): Order => ({ ...aPaidOrder(id), ...fields });
    const list = [
      order(4, { status: 'unpaid', paid_at: null, paid_type: 'cryptomus', checkout_url: checkoutUrl('o-4') }),
      order(3, { status: 'cancelled', paid_at: null }),
      order(2, { status: 'refunded' }),
      order(1, {}),
    ];
    signIn();
    mockEndpoint(orderEndpoints.list, aPage(list));
    const { user } = await renderPage(() => <OrdersCard buyButton={null} />, { path: paths.residential });
    const table = within(await screen.findByTestId('orders-table'));
    await table.findAllByText('Refunded');
    const rows = table.getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).queryByTestId('receipt-open') !== null)).toEqual([
      false,
      false,
      true,
      true,
    ]);
    await user.click(rowAt(rows, 3).getByTestId('receipt-open'));
    await waitFor(() => expect(tab.href).toBe('blob:test/1'));
    expect(Object.fromEntries(asked[0] ?? [])).toEqual({ kind: 'order', id: '1', format: 'html' });
  });
});
