import { describe, expect, it } from 'vitest';
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

const GB = 1_000_000_000;
const MB = 1_000_000;

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
