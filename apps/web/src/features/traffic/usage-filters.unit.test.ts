import { describe, expect, it } from 'vitest';
import { isDisabledDay, presetOf, presetRange, rangePresets, rangeProblem, utcDateOf } from './date-range';
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
    expect(read('tab=nope&range=1y&sub=-1&kind=nope&page=0')).toEqual(defaultFilters);
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
