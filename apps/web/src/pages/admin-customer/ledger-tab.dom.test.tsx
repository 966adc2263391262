import { adminCustomersLinks, ResultCode, type LedgerEntry } from '@resiport/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, reportProblem, setRoute } from '../../test/fetch-mock';
import { renderPage } from '../../test/render';
import { signIn } from '../../test/session';
import { LedgerTab } from './ledger-tab';

const entry: LedgerEntry = {
  id: 5,
  created_at: '2026-11-20T08:00:00.000Z',
  asset: 'money',
  kind: 'adjustment',
  amount: -250,
  balance_after: 750,
  subaccount_id: null,
  username: null,
  ref_type: 'operator_adjustment',
  ref_id: '42:key',
  note: 'Refund of a duplicate top-up',
};
const CSV = 'time_utc,asset,kind,subaccount,amount,balance_after,ref_type,ref_id,note\r\n';

/** The ledger tab asks one route for its pages (JSON) and, with `format=csv`, for the file. */
describe('the customer ledger', () => {
  let pageQueries: URLSearchParams[];
  let csvQueries: URLSearchParams[];
  beforeEach(() => {
    pageQueries = [];
    csvQueries = [];
    signIn({ access: { name: 'operator' } });
    setRoute(adminCustomersLinks.ledgerCsv.path, (request) => {
      if (!request.headers.has('JWT-TOKEN')) reportProblem('the ledger was asked without the session');
      const checked = adminCustomersLinks.ledgerCsv.request.safeParse(
        Object.fromEntries(request.url.searchParams),
      );
      if (!checked.success) {
        reportProblem(`the server refuses ${request.url.search}: ${checked.error.message}`);
      }
      if (request.url.searchParams.get('format') !== 'csv') {
        pageQueries.push(request.url.searchParams);
        const data = { list: [entry], total: 1, page: 1, page_size: 20 };
        return Promise.resolve(jsonResponse({ code: ResultCode.Success, msg: '', data }));
      }
      csvQueries.push(request.url.searchParams);
      return Promise.resolve(
        new Response(CSV, {
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': 'attachment; filename="ledger-42.csv"',
          },
        }),
      );
    });
  });
  afterEach(() => vi.restoreAllMocks());

  it('shows entries in their unit and exports the filtered ledger with the session', async () => {
    const saved: string[] = [];
    URL.createObjectURL = () => 'blob:test/1';
    URL.revokeObjectURL = () => undefined;
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    await renderPage(() => <LedgerTab accountId={42} />, { path: '/admin/customer' });
    const row = (await screen.findByText('Refund of a duplicate top-up')).closest('tr');
    expect(row).not.toBeNull();
    const cells = within(row as HTMLElement);
    expect(cells.getByText('-$2.50')).toBeTruthy();
    expect(cells.getByText('$7.50')).toBeTruthy();
    expect(cells.getByText('Main account')).toBeTruthy();
    expect(Object.fromEntries(pageQueries[0] ?? [])).toEqual({
      account_id: '42',
      page: '1',
      page_size: '20',
    });

    fireEvent.click(screen.getByTestId('ledger-export'));
    await waitFor(() => expect(saved).toEqual(['ledger-42.csv']));
    expect(Object.fromEntries(csvQueries[0] ?? [])).toEqual({ account_id: '42', format: 'csv' });
  });
});
