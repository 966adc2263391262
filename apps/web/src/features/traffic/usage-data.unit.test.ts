import { trafficLinks, type UsageData } from '@resiport/contract';
import { describe, expect, it } from 'vitest';
import { linkPath } from '../../lib/api-envelope';
import { fileNameOfDisposition, readCsvResponse } from '../../lib/csv-response';
import { changesCsvQuery, csvFileName, csvQuery } from './csv-export';
import { topSubAccounts, usageChartData } from './usage-chart-data';

const usage = (overrides: Partial<UsageData> = {}): UsageData => ({
  start_date: '2026-05-18',
  end_date: '2026-05-20',
  granularity: 'day',
  series: ['2026-05-18', '2026-05-19', '2026-05-20'].map((day, index) => ({
    period: `${day}T00:00:00.000Z`,
    bytes_up: 0,
    bytes_down: 0,
    bytes_total: [10, 0, 30][index] ?? 0,
    requests: 0,
  })),
  owners: [
    { subaccount_id: 4, username: 'alphaproject', bytes_total: 20, points: [5, 0, 15] },
    { subaccount_id: null, username: null, bytes_total: 12, points: [3, 0, 9] },
  ],
  range_totals: { bytes_up: 0, bytes_down: 0, bytes_total: 40, requests: 0 },
  totals: { today_bytes: 30, last_7_days_bytes: 40, last_30_days_bytes: 40 },
  last_flush_at: null,
  ...overrides,
});

describe('usage chart data', () => {
  it('stacks the biggest owners and the rest as "other"', () => {
    const chart = usageChartData(usage(), true);
    expect(chart.periods).toEqual([
      '2026-05-18T00:00:00.000Z',
      '2026-05-19T00:00:00.000Z',
      '2026-05-20T00:00:00.000Z',
    ]);
    expect(chart.series).toEqual([
      { key: 'sub-4', owner: { kind: 'sub', id: 4, username: 'alphaproject' }, bytes: [5, 0, 15] },
      { key: 'main', owner: { kind: 'main' }, bytes: [3, 0, 9] },
      { key: 'other', owner: { kind: 'other' }, bytes: [2, 0, 6] },
    ]);
  });

  it('leaves "other" out when the owners are everything', () => {
    const chart = usageChartData(
      usage({
        owners: [{ subaccount_id: 4, username: 'alphaproject', bytes_total: 40, points: [10, 0, 30] }],
      }),
      true,
    );
    expect(chart.series.map((series) => series.key)).toEqual(['sub-4']);
  });

  it('shows one total series when not stacked or without owners', () => {
    expect(usageChartData(usage(), false).series).toEqual([
      { key: 'total', owner: { kind: 'total' }, bytes: [10, 0, 30] },
    ]);
    expect(usageChartData(usage({ owners: [] }), true).series.map((series) => series.key)).toEqual(['total']);
  });

  it('ranks the sub-accounts only, with their share of the account', () => {
    expect(topSubAccounts(usage())).toEqual([{ id: 4, username: 'alphaproject', bytes: 20, share: 0.5 }]);
    expect(
      topSubAccounts(usage({ range_totals: { bytes_up: 0, bytes_down: 0, bytes_total: 0, requests: 0 } }))[0]
        ?.share,
    ).toBe(0);
  });
});

describe('CSV export', () => {
  const request = { range: { start: '2026-05-01', end: '2026-05-30' }, subaccountId: undefined };

  it('asks /traffic/details for CSV with the range and owner', () => {
    expect(linkPath(trafficLinks.detailsCsv, csvQuery(request))).toBe(
      '/traffic/details?format=csv&start_date=2026-05-01&end_date=2026-05-30',
    );
    expect(linkPath(trafficLinks.detailsCsv, csvQuery({ ...request, subaccountId: 0 }))).toContain(
      '&subaccount_id=0',
    );
    expect(
      linkPath(trafficLinks.changesCsv, changesCsvQuery({ ...request, subaccountId: 3, kind: 'usage' })),
    ).toBe(
      '/traffic/changelog?format=csv&start_date=2026-05-01&end_date=2026-05-30&subaccount_id=3&kind=usage',
    );
  });

  it('names the file after the range and owner', () => {
    expect(csvFileName(request)).toBe('usage-2026-05-01_2026-05-30.csv');
    expect(csvFileName({ ...request, subaccountId: 0 })).toBe('usage-2026-05-01_2026-05-30-main.csv');
    expect(csvFileName({ ...request, subaccountId: 9 })).toBe('usage-2026-05-01_2026-05-30-sub9.csv');
    expect(csvFileName({ ...request, subaccountId: 0 }, 'changes', 'usage')).toBe(
      'changes-2026-05-01_2026-05-30-main-usage.csv',
    );
  });

  it('takes a safe file name from Content-Disposition', () => {
    expect(fileNameOfDisposition('attachment; filename="usage.csv"')).toBe('usage.csv');
    expect(fileNameOfDisposition('attachment; filename=usage.csv')).toBe('usage.csv');
    expect(fileNameOfDisposition('attachment; filename*=UTF-8\'\'us%C3%A4ge.csv; filename="x.csv"')).toBe(
      'usäge.csv',
    );
    expect(fileNameOfDisposition('attachment; filename="../etc/passwd"')).toBeUndefined();
    expect(fileNameOfDisposition('attachment')).toBeUndefined();
    expect(fileNameOfDisposition(null)).toBeUndefined();
  });

  const response = (
    status: number,
    type: string,
    body: string,
    disposition?: string,
    truncated?: boolean,
  ) => ({
    ok: status >= 200 && status < 300,
    status,
    headers: {
      get: (name: string) =>
        ({
          'content-type': type,
          'content-disposition': disposition ?? null,
          'x-csv-truncated': truncated ? 'true' : null,
        })[name] ?? null,
    },
    blob: () => Promise.resolve(new Blob([body])),
    json: () => Promise.resolve(JSON.parse(body) as unknown),
  });

  it('reads a file, a refusal envelope, an expired session or an HTTP failure', async () => {
    const file = await readCsvResponse(
      response(200, 'text/csv; charset=utf-8', 'a,b\n', 'attachment; filename="u.csv"'),
    );
    expect(file.kind).toBe('file');
    if (file.kind === 'file') {
      expect(file.fileName).toBe('u.csv');
      expect(file.truncated).toBe(false);
      expect(await file.blob.text()).toBe('a,b\n');
    }
    expect(
      await readCsvResponse(
        response(200, 'application/json', '{"code":10002,"msg":"Bad range","data":null}'),
      ),
    ).toEqual({
      kind: 'envelope',
      verdict: { kind: 'failure', code: 10002, msg: 'Bad range', data: null },
    });
    const expired = await readCsvResponse(
      response(401, 'application/json', '{"code":10013,"msg":"Expired"}'),
    );
    expect(expired.kind === 'envelope' && expired.verdict.kind).toBe('sessionExpired');
    expect(await readCsvResponse(response(502, 'text/html', '<html>'))).toEqual({
      kind: 'failed',
      status: 502,
    });
    expect(await readCsvResponse(response(500, 'application/json', 'not json'))).toEqual({
      kind: 'failed',
      status: 500,
    });
  });
});
