import { describe, expect, it } from 'vitest';
import {
  subExpiryOf,
  subLimitsBody,
  subLimitStateOf,
  utcDayNumber,
  utcMonthStartDay,
} from './subaccount-limits';

const GB = 1_000_000_000;

describe('sub-account limits: periods, expiry, states and input', () => {
  it('counts UTC days and finds the first day of the UTC month', () => {
    expect(utcDayNumber(new Date('1970-01-02T00:00:00Z'))).toBe(1);
    expect(utcDayNumber(new Date('2026-11-26T23:59:59.999Z'))).toBe(
      utcDayNumber(new Date('2026-11-26T00:00:00Z')),
    );
    // 23:30 at UTC−1 is already the next UTC day.
    expect(utcDayNumber(new Date('2026-11-30T23:30:00-01:00'))).toBe(
      utcDayNumber(new Date('2026-12-01T00:00:00Z')),
    );
    expect(utcMonthStartDay(new Date('2026-12-31T12:00:00Z'))).toBe(
      utcDayNumber(new Date('2026-12-01T00:00:00Z')),
    );
    expect(utcMonthStartDay(new Date('2028-02-29T12:00:00Z'))).toBe(
      utcDayNumber(new Date('2028-02-01T00:00:00Z')),
    );
  });

  it('ends a last day at the end of that UTC day', () => {
    expect(subExpiryOf('2026-11-26').toISOString()).toBe('2026-11-26T23:59:59.999Z');
  });

  it('says expired first, then a reached cap (daily or monthly), else ok', () => {
    const sub = {
      expired: false,
      daily_cap_bytes: GB,
      monthly_cap_bytes: 10 * GB,
      used_today_bytes: GB - 1,
      used_this_month_bytes: 5 * GB,
    };
    expect(subLimitStateOf(sub)).toBe('ok');
    expect(subLimitStateOf({ ...sub, used_today_bytes: GB })).toBe('cap_reached');
    expect(subLimitStateOf({ ...sub, used_this_month_bytes: 10 * GB + 5 })).toBe('cap_reached');
    expect(subLimitStateOf({ ...sub, daily_cap_bytes: null, used_today_bytes: 100 * GB })).toBe('ok');
    expect(subLimitStateOf({ ...sub, expired: true, used_today_bytes: GB })).toBe('expired');
  });

  it('reads limits from a form: GB to bytes, empty as removed, absent as unchanged', () => {
    expect(
      subLimitsBody.parse({
        id: '3',
        daily_cap: '0.5',
        monthly_cap: '',
        expires_on: '2027-01-31',
        max_connections: '20',
      }),
    ).toEqual({ id: 3, daily_cap: GB / 2, monthly_cap: null, expires_on: '2027-01-31', max_connections: 20 });
    expect(subLimitsBody.parse({ id: 3 })).toEqual({ id: 3 });
    expect(subLimitsBody.parse({ id: 3, max_connections: null, expires_on: null })).toEqual({
      id: 3,
      max_connections: null,
      expires_on: null,
    });
  });

  it.each([
    ['daily_cap', '0'],
    ['daily_cap', '-1'],
    ['daily_cap', '1e3'],
    ['monthly_cap', 'ten'],
    ['max_connections', '0'],
    ['max_connections', '10001'],
    ['max_connections', '2.5'],
    ['max_connections', ' '],
    ['max_connections', true],
    ['expires_on', '2027-02-30'],
    ['expires_on', '31.01.2027'],
  ])('refuses %s = %j', (field, value) => {
    expect(subLimitsBody.safeParse({ id: 1, [field]: value }).success).toBe(false);
  });
});
