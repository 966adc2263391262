import { ResultCode, trafficLinks, type ChangelogData } from '@resiport/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultFilters, type UsageFilters } from '../../features/traffic/usage-filters';
import { jsonResponse, reportProblem, setRoute } from '../../test/fetch-mock';
import { renderPage } from '../../test/render';
import { signIn } from '../../test/session';
import { ChangesTab } from './changes-tab';

const range = { start: '2026-11-01', end: '2026-11-25' };
const filters: UsageFilters = { ...defaultFilters, range: { custom: range }, owner: 7, kind: 'usage' };
const CSV = 'time_utc,since_utc,kind,subaccount,amount_bytes,balance_before_bytes,balance_after_bytes\r\n';

const page: ChangelogData = {
  list: [],
  total: 0,
  page: 1,
  page_size: 20,
  start_date: range.start,
  end_date: range.end,
};

function Changes() {
  return <ChangesTab filters={filters} range={range} update={() => undefined} />;
}

/** What the browser was asked to save: file names and the Blobs behind their object URLs. */
function catchDownloads() {
  const blobs = new Map<string, Blob>();
  const saved: { name: string; blob: Blob | undefined }[] = [];
  let serial = 0;
  URL.createObjectURL = (blob: Blob | MediaSource) => {
    const url = `blob:test/${++serial}`;
    blobs.set(url, blob as Blob);
    return url;
  };
  URL.revokeObjectURL = () => undefined;
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, blob: blobs.get(this.href) });
  });
  return saved;
}

/**
 * The change record's "Export CSV" asks `/traffic/changelog?format=csv` (trafficLinks.changesCsv)
 * with the tab's filters and the session, and saves the answer under the server's file name.
 */
describe('change record CSV export', () => {
  let csvQueries: URLSearchParams[];
  beforeEach(() => {
    csvQueries = [];
    signIn();
    // One route for the page (JSON) and the file (format=csv), as on the server.
    setRoute(trafficLinks.changesCsv.path, (request) => {
      if (!request.headers.has('JWT-TOKEN')) reportProblem('the change record was asked without the session');
      const checked = trafficLinks.changesCsv.request.safeParse(Object.fromEntries(request.url.searchParams));
      if (!checked.success) {
        reportProblem(`the server refuses ${request.url.search}: ${checked.error.message}`);
      }
      if (request.url.searchParams.get('format') !== 'csv') {
        return Promise.resolve(jsonResponse({ code: ResultCode.Success, msg: '', data: page }));
      }
      csvQueries.push(request.url.searchParams);
      return Promise.resolve(
        new Response(CSV, {
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': 'attachment; filename="traffic-changes-2026-11-01-2026-11-25.csv"',
          },
        }),
      );
    });
  });
  afterEach(() => vi.restoreAllMocks());

  it("downloads the change record with the tab's range, owner and kind", async () => {
    const saved = catchDownloads();
    await renderPage(Changes, { path: '/usage' });
    fireEvent.click(await screen.findByTestId('usage-changes-csv'));

    await waitFor(() => expect(saved).toHaveLength(1));
    expect(Object.fromEntries(csvQueries[0] ?? [])).toEqual({
      format: 'csv',
      start_date: range.start,
      end_date: range.end,
      subaccount_id: '7',
      kind: 'usage',
    });
    expect(saved[0]?.name).toBe('traffic-changes-2026-11-01-2026-11-25.csv');
    expect(await saved[0]?.blob?.text()).toBe(CSV);
  });
});
