import type { UsageData } from '@resiport/contract';
import { describe, expect, it } from 'vitest';
import { csvExportPath, csvFileName, fileNameOfDisposition, readCsvResponse } from './csv-export';
import { isDisabledDay, presetOf, presetRange, rangePresets, rangeProblem, utcDateOf } from './date-range';
import { daysLeftAtRate, trafficAlertOf } from './traffic-alert';
import {
  formatCount,
  formatMb,
  formatSignedMb,
  freshnessOf,
  periodAxisLabel,
  periodCell,
  periodFullLabel,
} from './traffic-format';
import { topSubAccounts, usageChartData } from './usage-chart-data';
import {
  changeFilters,
  defaultFilters,
  filtersFromQuery,
  filtersToQuery,
  isFiltered,
  lastPageOf,
  ownerParam,
  rangeChoiceOf,
  resolveRange,
} from './usage-filters';

const GB = 1_000_000_000;
const MB = 1_000_000;
const today = '2026-05-20';

describe('date ranges (UTC days)', () => {
  it('takes the UTC day of an instant, not the local one', () => {
    expect(utcDateOf(Date.parse('2026-05-20T23:59:59Z'))).toBe('2026-05-20');
    expect(utcDateOf(new Date('2026-05-21T00:00:00+03:00'))).toBe('2026-05-20');
  });

  it('resolves every preset relative to today', () => {
    expect(presetRange('today', today)).toEqual({ start: today, end: today });
    expect(presetRange('7d', today)).toEqual({ start: '2026-05-14', end: today });
    expect(presetRange('30d', today)).toEqual({ start: '2026-04-21', end: today });
    expect(presetRange('90d', today)).toEqual({ start: '2026-02-20', end: today });
    expect(presetRange('month', today)).toEqual({ start: '2026-05-01', end: today });
    expect(presetRange('lastmonth', today)).toEqual({ start: '2026-04-01', end: '2026-04-30' });
    expect(presetRange('lastmonth', '2026-03-15')).toEqual({ start: '2026-02-01', end: '2026-02-28' });
    expect(presetRange('lastmonth', '2026-01-01')).toEqual({ start: '2025-12-01', end: '2025-12-31' });
    for (const preset of rangePresets) {
      expect(rangeProblem(presetRange(preset, today), today)).toBeUndefined();
    }
  });

  it('recognises a picked range as a preset, the shortest first', () => {
    expect(presetOf({ start: '2026-05-14', end: today }, today)).toBe('7d');
    expect(presetOf({ start: '2026-05-01', end: '2026-05-01' }, '2026-05-01')).toBe('today');
    expect(presetOf({ start: '2026-05-13', end: today }, today)).toBeUndefined();
  });

  it('refuses inverted, future, too long and malformed ranges', () => {
    expect(rangeProblem({ start: '2026-05-10', end: '2026-05-09' }, today)).toBe('order');
    expect(rangeProblem({ start: '2026-05-10', end: '2026-05-21' }, today)).toBe('future');
    expect(rangeProblem({ start: '2025-05-19', end: today }, today)).toBe('tooLong'); // 367 days
    expect(rangeProblem({ start: '2025-05-20', end: today }, today)).toBeUndefined(); // 366 days
    expect(rangeProblem({ start: '2026-02-30', end: today }, today)).toBe('invalid');
    expect(rangeProblem({ start: '', end: today }, today)).toBe('invalid');
  });

  it('disables days after today and days over 366 from the first pick', () => {
    expect(isDisabledDay('2026-05-21', today)).toBe(true);
    expect(isDisabledDay(today, today)).toBe(false);
    expect(isDisabledDay('2020-01-01', today)).toBe(false);
    expect(isDisabledDay('2025-05-20', today, today)).toBe(false);
    expect(isDisabledDay('2025-05-19', today, today)).toBe(true);
    expect(isDisabledDay('2026-01-01', today, '2025-01-01')).toBe(false);
    expect(isDisabledDay('2026-01-02', today, '2025-01-01')).toBe(true);
  });
});

describe('usage page state in the query string', () => {
  const read = (query: string) => filtersFromQuery(new URLSearchParams(query), today);

  it('defaults to the change record, the last 30 days, everyone, every kind, page 1', () => {
    expect(read('')).toEqual(defaultFilters);
    expect(resolveRange(read('').range, today)).toEqual({ start: '2026-04-21', end: today });
  });

  it('reads tab, preset or custom range, owner, kind and page', () => {
    expect(read('tab=details&range=7d&sub=12&kind=refund&page=3')).toEqual({
      tab: 'details',
      range: { preset: '7d' },
      owner: 12,
      kind: 'refund',
      page: 3,
    });
    expect(read('from=2026-01-01&to=2026-01-31&sub=main').range).toEqual({
      custom: { start: '2026-01-01', end: '2026-01-31' },
    });
    expect(read('sub=main').owner).toBe('main');
  });

  it('falls back to the defaults for anything unreadable', () => {
    expect(read('tab=nope&range=1y&sub=-1&kind=usage&page=0')).toEqual(defaultFilters);
    expect(read('sub=0').owner).toBe('all');
    expect(read('sub=abc').owner).toBe('all');
    expect(read('page=2.5').page).toBe(1);
    // A range reaching past today, inverted or longer than 366 days is not asked for.
    expect(read('from=2026-05-01&to=2026-06-01').range).toEqual(defaultFilters.range);
    expect(read('from=2026-05-10&to=2026-05-01').range).toEqual(defaultFilters.range);
    expect(read('from=2024-01-01&to=2026-01-01').range).toEqual(defaultFilters.range);
    expect(read('from=2026-05-01').range).toEqual(defaultFilters.range);
  });

  it('writes only what differs from the defaults and keeps other parameters', () => {
    const previous = new URLSearchParams('foo=bar&range=7d&page=4');
    expect(filtersToQuery(defaultFilters, previous).toString()).toBe('foo=bar');
    const custom = filtersToQuery(
      {
        tab: 'details',
        range: { custom: { start: '2026-01-01', end: '2026-01-31' } },
        owner: 'main',
        kind: 'purchase',
        page: 2,
      },
      previous,
    );
    expect(custom.toString()).toBe(
      'foo=bar&page=2&tab=details&from=2026-01-01&to=2026-01-31&sub=main&kind=purchase',
    );
    expect(filtersFromQuery(custom, today)).toEqual({
      tab: 'details',
      range: { custom: { start: '2026-01-01', end: '2026-01-31' } },
      owner: 'main',
      kind: 'purchase',
      page: 2,
    });
  });

  it('goes back to page 1 when anything but the page changes', () => {
    const onPage3 = { ...defaultFilters, page: 3 };
    expect(changeFilters(onPage3, { page: 4 }).page).toBe(4);
    expect(changeFilters(onPage3, { owner: 5 })).toEqual({ ...defaultFilters, owner: 5, page: 1 });
    expect(changeFilters(onPage3, { tab: 'details' }).page).toBe(1);
  });

  it('keeps a picked preset relative, anything else as dates', () => {
    expect(rangeChoiceOf({ start: '2026-05-14', end: today }, today)).toEqual({ preset: '7d' });
    expect(rangeChoiceOf({ start: '2026-05-02', end: '2026-05-03' }, today)).toEqual({
      custom: { start: '2026-05-02', end: '2026-05-03' },
    });
  });

  it('tells a filtered view from the default one, per tab', () => {
    expect(isFiltered(defaultFilters, 'changes')).toBe(false);
    expect(isFiltered({ ...defaultFilters, kind: 'refund' }, 'changes')).toBe(true);
    expect(isFiltered({ ...defaultFilters, kind: 'refund' }, 'details')).toBe(false);
    expect(isFiltered({ ...defaultFilters, owner: 'main' }, 'details')).toBe(true);
    expect(isFiltered({ ...defaultFilters, range: { preset: '7d' } }, 'details')).toBe(true);
    expect(lastPageOf(0, 20)).toBe(1);
    expect(lastPageOf(41, 20)).toBe(3);
  });

  it('asks the calls for everyone, the main account (0) or a sub-account', () => {
    expect(ownerParam('all')).toBeUndefined();
    expect(ownerParam('main')).toBe(0);
    expect(ownerParam(7)).toBe(7);
  });
});

describe('MB and period formatting', () => {
  it('shows MB with thousands separators, 2 decimals from 1 MB, 3 below, never a false zero', () => {
    expect(formatMb(1_234_567_890, 'en-US')).toBe('1,234.57');
    expect(formatMb(5 * MB, 'en-US')).toBe('5.00');
    expect(formatMb(0, 'en-US')).toBe('0.00');
    expect(formatMb(125_000, 'en-US')).toBe('0.125');
    expect(formatMb(1_500, 'en-US')).toBe('0.002');
    expect(formatMb(12, 'en-US')).toBe('< 0.001');
    expect(formatMb(1_234_567_890, 'ru-RU')).toBe('1\u00a0234,57');
    expect(formatMb(125_000, 'ru-RU')).toBe('0,125');
  });

  it('signs changes of balance', () => {
    expect(formatSignedMb(1000 * MB, 'en-US')).toBe('+1,000.00');
    expect(formatSignedMb(-500_000, 'en-US')).toBe('-0.500');
    expect(formatSignedMb(0, 'en-US')).toBe('0.00');
    expect(formatSignedMb(-3, 'en-US')).toBe('-< 0.001');
    expect(formatSignedMb(3, 'en-US')).toBe('+< 0.001');
  });

  it('counts requests with separators', () => {
    expect(formatCount(1_234_567, 'en-US')).toBe('1,234,567');
    expect(formatCount(1_234_567, 'ru-RU')).toBe('1\u00a0234\u00a0567');
  });

  it('labels periods in UTC whatever the viewer’s time zone', () => {
    expect(periodAxisLabel('2026-05-12T00:00:00.000Z', 'day', 'en-US')).toBe('May 12');
    expect(periodAxisLabel('2026-05-12T00:00:00.000Z', 'day', 'ru-RU')).toBe('12 мая');
    expect(periodAxisLabel('2026-05-12T14:00:00.000Z', 'hour', 'en-US')).toBe('14:00');
    // The first hour of a day says which day it is.
    expect(periodAxisLabel('2026-05-13T00:00:00.000Z', 'hour', 'en-US')).toBe('May 13');
    expect(periodFullLabel('2026-05-12T00:00:00.000Z', 'day', 'en-US')).toBe('Tue, May 12, 2026 UTC');
    expect(periodFullLabel('2026-05-12T14:00:00.000Z', 'hour', 'en-US')).toBe(
      'May 12, 2026, 14:00–15:00 UTC',
    );
    expect(periodFullLabel('2026-05-12T23:00:00.000Z', 'hour', 'en-US')).toBe(
      'May 12, 2026, 23:00–24:00 UTC',
    );
    expect(periodFullLabel('2026-05-12T00:00:00.000Z', 'day', 'ru-RU')).toMatch(/^вт, 12 мая 2026.* UTC$/);
    expect(periodCell('2026-05-12T00:00:00.000Z', 'day')).toBe('2026-05-12');
    expect(periodCell('2026-05-12T14:00:00+00:00', 'hour')).toBe('2026-05-12 14:00');
    expect(periodCell('garbage', 'hour')).toBe('garbage');
  });

  it('says how fresh the usage is: today’s time, an earlier date, or never', () => {
    const now = new Date('2026-05-20T10:00:00Z');
    expect(freshnessOf(null, now)).toEqual({ kind: 'never' });
    expect(freshnessOf('2026-05-20T09:58:31.000Z', now)).toEqual({ kind: 'today', time: '09:58' });
    expect(freshnessOf('2026-05-19T23:59:00Z', now)).toEqual({
      kind: 'earlier',
      dateTime: '2026-05-19 23:59',
    });
    expect(freshnessOf('not a date', now)).toEqual({ kind: 'never' });
  });
});

describe('low traffic warning', () => {
  it('stays quiet for a new account, whatever is left', () => {
    expect(trafficAlertOf({ leftBytes: 0, usedBytes: 0, used30dBytes: 0 })).toBe('none');
    expect(trafficAlertOf({ leftBytes: 100 * MB, usedBytes: 0, used30dBytes: 0 })).toBe('none');
  });

  it('is strongest with nothing left', () => {
    expect(trafficAlertOf({ leftBytes: 0, usedBytes: GB, used30dBytes: 0 })).toBe('empty');
    expect(trafficAlertOf({ leftBytes: -5, usedBytes: GB, used30dBytes: GB })).toBe('empty');
  });

  it('warns under 1 GB, or under 10% of left + used in 30 days', () => {
    expect(trafficAlertOf({ leftBytes: GB - 1, usedBytes: GB, used30dBytes: 0 })).toBe('low');
    expect(trafficAlertOf({ leftBytes: GB, usedBytes: GB, used30dBytes: 0 })).toBe('none');
    expect(trafficAlertOf({ leftBytes: 5 * GB, usedBytes: 100 * GB, used30dBytes: 50 * GB })).toBe('low');
    expect(trafficAlertOf({ leftBytes: 6 * GB, usedBytes: 100 * GB, used30dBytes: 50 * GB })).toBe('none');
  });

  it('estimates the days left at the 30-day rate', () => {
    expect(daysLeftAtRate(10 * GB, 30 * GB)).toBe(10);
    expect(daysLeftAtRate(10 * GB, 0)).toBeUndefined();
    expect(daysLeftAtRate(0, 30 * GB)).toBe(0);
  });
});

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
    expect(csvExportPath(request)).toBe(
      '/traffic/details?format=csv&start_date=2026-05-01&end_date=2026-05-30',
    );
    expect(csvExportPath({ ...request, subaccountId: 0 })).toContain('&subaccount_id=0');
  });

  it('names the file after the range and owner', () => {
    expect(csvFileName(request)).toBe('usage-2026-05-01_2026-05-30.csv');
    expect(csvFileName({ ...request, subaccountId: 0 })).toBe('usage-2026-05-01_2026-05-30-main.csv');
    expect(csvFileName({ ...request, subaccountId: 9 })).toBe('usage-2026-05-01_2026-05-30-sub9.csv');
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
