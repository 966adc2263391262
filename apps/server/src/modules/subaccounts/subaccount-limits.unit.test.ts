import { utcDayNumber } from '@resiport/contract';
import { describe, expect, it } from 'vitest';
import { capLeft, isExpired, periodUsage } from './subaccount-limits';

const now = new Date('2026-11-26T12:00:00Z');
const today = utcDayNumber(now);
const row = {
  daily_cap_bytes: 1000n as bigint | null,
  monthly_cap_bytes: 5000n as bigint | null,
  usage_day: today,
  day_used_bytes: 300n,
  month_used_bytes: 4500n,
  traffic_reserved_bytes: 100n,
};

describe('what the caps leave', () => {
  it('takes the least of what each cap leaves, less what open leases hold', () => {
    expect(capLeft(row, now)).toBe(400n); // month: 5000 − 4500 − 100; day: 1000 − 300 − 100 = 600
    expect(capLeft({ ...row, monthly_cap_bytes: null }, now)).toBe(600n);
    expect(capLeft({ ...row, daily_cap_bytes: null, monthly_cap_bytes: null }, now)).toBeNull();
  });

  it('never goes below zero, past the cap or with more reserved than it leaves', () => {
    expect(capLeft({ ...row, day_used_bytes: 1200n }, now)).toBe(0n);
    expect(capLeft({ ...row, traffic_reserved_bytes: 5000n }, now)).toBe(0n);
  });

  it('starts the day again on a later UTC day, and the month on a later month', () => {
    const tomorrow = new Date('2026-11-27T00:00:00Z');
    expect(periodUsage(row, tomorrow)).toEqual({ today: 0n, thisMonth: 4500n });
    expect(capLeft(row, tomorrow)).toBe(400n);
    const nextMonth = new Date('2026-12-01T00:00:00Z');
    expect(periodUsage(row, nextMonth)).toEqual({ today: 0n, thisMonth: 0n });
    expect(capLeft(row, nextMonth)).toBe(900n);
  });

  it('is expired from the end of its last day on', () => {
    const expiresAt = new Date('2026-11-26T23:59:59.999Z');
    expect(isExpired({ expires_at: expiresAt }, new Date('2026-11-26T23:59:59.998Z'))).toBe(false);
    expect(isExpired({ expires_at: expiresAt }, expiresAt)).toBe(true);
    expect(isExpired({ expires_at: null }, now)).toBe(false);
  });
});
