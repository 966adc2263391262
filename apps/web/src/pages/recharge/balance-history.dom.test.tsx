import { balanceLinks, ResultCode, type BalanceEntry } from '@resiport/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aPage } from '../../test/fixtures';
import { jsonResponse, reportProblem, setRoute } from '../../test/fetch-mock';
import { renderPage } from '../../test/render';
import { signIn } from '../../test/session';
import { BalanceHistoryCard } from './balance-history-card';

const CSV = 'time_utc,kind,reference,amount_cents,balance_after_cents,note\r\n';

const movements: BalanceEntry[] = [
  {
    id: 9,
    time: '2026-11-27T10:00:00.000Z',
    kind: 'adjustment',
    amount_cents: -500,
    balance_after_cents: 1_100,
    reference: null,
    note: 'Chargeback of top-up #3',
  },
  {
    id: 8,
    time: '2026-11-26T09:00:00.000Z',
    kind: 'refund',
    amount_cents: 900,
    balance_after_cents: 1_600,
    reference: { type: 'order', id: 41 },
    note: null,
  },
  {
    id: 7,
    time: '2026-11-25T08:00:00.000Z',
    kind: 'order_payment',
    amount_cents: -900,
    balance_after_cents: 700,
    reference: { type: 'order', id: 41 },
    note: null,
  },
  {
    id: 6,
    time: '2026-11-25T07:00:00.000Z',
    kind: 'recharge',
    amount_cents: 1_600,
    balance_after_cents: 1_600,
    reference: { type: 'recharge', id: 3 },
    note: null,
  },
];

/** Both the page (JSON) and the file (`format=csv`) come from one route, as on the server. */
function serveHistory(list: BalanceEntry[], csvAsked: URLSearchParams[]) {
  setRoute(balanceLinks.historyCsv.path, (request) => {
    if (!request.headers.has('JWT-TOKEN')) reportProblem('the balance history was asked without the session');
    if (request.url.searchParams.get('format') !== 'csv') {
      return Promise.resolve(jsonResponse({ code: ResultCode.Success, msg: '', data: aPage(list) }));
    }
    csvAsked.push(request.url.searchParams);
    const headers = {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': 'attachment; filename="balance-history-2026-11-28.csv"',
    };
    return Promise.resolve(new Response(CSV, { headers }));
  });
}

describe('balance history', () => {
  let csvAsked: URLSearchParams[];
  beforeEach(() => {
    csvAsked = [];
    signIn();
  });
  afterEach(() => vi.restoreAllMocks());

  it('lists every movement with what it was about, signed amounts, the balance after and an adjustment’s reason', async () => {
    serveHistory(movements, csvAsked);
    await renderPage(BalanceHistoryCard, { path: '/recharge' });
    const table = within(await screen.findByTestId('balance-history-table'));
    await table.findByText('Order paid');
    const rows = (await table.findAllByRole('row')).slice(1).map((row) => row.textContent);
    expect(rows).toEqual([
      '2026-11-27 10:00 UTCAdjustment by support-$5.00$11.00Chargeback of top-up #3',
      '2026-11-26 09:00 UTCRefundorder #41+$9.00$16.00—',
      '2026-11-25 08:00 UTCOrder paidorder #41-$9.00$7.00—',
      '2026-11-25 07:00 UTCTop-uptop-up #3+$16.00$16.00—',
    ]);
  });

  it('downloads the whole history as CSV under the server’s file name', async () => {
    serveHistory(movements, csvAsked);
    const saved: string[] = [];
    URL.createObjectURL = () => 'blob:test/1';
    URL.revokeObjectURL = () => undefined;
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    await renderPage(BalanceHistoryCard, { path: '/recharge' });
    await screen.findAllByText('Order paid');
    fireEvent.click(screen.getByTestId('balance-csv'));

    await waitFor(() => expect(saved).toEqual(['balance-history-2026-11-28.csv']));
    expect(csvAsked.map((query) => query.get('format'))).toEqual(['csv']);
  });

  it('says there is nothing yet, and offers no empty file', async () => {
    serveHistory([], csvAsked);
    await renderPage(BalanceHistoryCard, { path: '/recharge' });
    expect(await screen.findByText('No money has moved yet')).toBeTruthy();
    expect(screen.getByTestId('balance-csv').hasAttribute('disabled')).toBe(true);
  });
});
