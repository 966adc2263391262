import { utcDayNumber, utcMonthStartDay } from '@resiport/contract';
import type { SubaccountRow } from './subaccount.repository';

/** The row's columns the caps are worked out from. */
type CapColumns = Pick<
  SubaccountRow,
  | 'daily_cap_bytes'
  | 'monthly_cap_bytes'
  | 'usage_day'
  | 'day_used_bytes'
  | 'month_used_bytes'
  | 'traffic_reserved_bytes'
>;

/** Usage the caps count at `now`: the row's counters, unless they belong to an earlier UTC day or month. */
export function periodUsage(row: CapColumns, now: Date): { today: bigint; thisMonth: bigint } {
  return {
    today: row.usage_day === utcDayNumber(now) ? row.day_used_bytes : 0n,
    thisMonth: row.usage_day >= utcMonthStartDay(now) ? row.month_used_bytes : 0n,
  };
}

/**
 * What the caps still let the sub-account lease at `now` (null: no cap): each cap minus the usage it
 * counted and minus what open leases hold (reserved bytes will be used or returned), never below 0.
 */
export function capLeft(row: CapColumns, now: Date): bigint | null {
  const used = periodUsage(row, now);
  let left: bigint | null = null;
  for (const [cap, counted] of [
    [row.daily_cap_bytes, used.today],
    [row.monthly_cap_bytes, used.thisMonth],
  ] as const) {
    if (cap === null) continue;
    const room = cap - counted - row.traffic_reserved_bytes;
    const positive = room > 0n ? room : 0n;
    if (left === null || positive < left) left = positive;
  }
  return left;
}

/** Is the sub-account past its last day at `now`? */
export function isExpired(row: Pick<SubaccountRow, 'expires_at'>, now: Date): boolean {
  return row.expires_at !== null && row.expires_at <= now;
}
