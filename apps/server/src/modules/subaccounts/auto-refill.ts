import { utcDayNumber } from '@resiport/contract';
import { shownTrafficLeft } from '../account/traffic-left.service';
import { isExpired } from './subaccount-limits';
import type { SubaccountRow } from './subaccount.repository';

/** What auto-refill moved to the sub-account in the UTC day of `now`. */
export function refilledToday(
  row: Pick<SubaccountRow, 'refill_day' | 'refill_day_bytes'>,
  now: Date,
): bigint {
  return row.refill_day === utcDayNumber(now) ? row.refill_day_bytes : 0n;
}

/**
 * How much auto-refill should move now (0: nothing): the amount when what it shows left is below the
 * threshold, less what the day's maximum has room for; nothing while it is off or stopped, or for a
 * sub-account that cannot use traffic (disabled, expired, deleted).
 */
export function refillWanted(row: SubaccountRow, now: Date): bigint {
  const { refill_below_bytes: below, refill_amount_bytes: amount, refill_daily_max_bytes: max } = row;
  if (below === null || amount === null || row.refill_stopped_at !== null) return 0n;
  if (row.status !== 'active' || row.deleted_at !== null || isExpired(row, now)) return 0n;
  if (shownTrafficLeft(row) >= below) return 0n;
  const room = max === null ? amount : max - refilledToday(row, now);
  return room <= 0n ? 0n : room < amount ? room : amount;
}
