import { describe, expect, it } from 'vitest';
import { freshnessOf, periodAxisLabel, periodCell, periodFullLabel } from './usage-periods';

describe('usage periods', () => {
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
