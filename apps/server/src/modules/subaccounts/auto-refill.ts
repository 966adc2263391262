import { utcDayNumber } from '@resiport/contract';
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
 * How much auto-refill should move now (0: nothing): the amount when what is not yet handed to
 * gateways — its traffic left outside their leases, less `granting` (the lease being granted) — is
 * below the threshold, less what the day's maximum has room for; nothing while it is off or stopped,
 * or for a sub-account that cannot use traffic (disabled, expired, deleted). Judged on what is not in
 * a gateway's hands, not on what it shows left (which counts those leases until usage is reported,
 * seconds later): a fast owner is refilled at the renewal before its last lease, not after the cut.
 */
export function refillWanted(row: SubaccountRow, now: Date, granting = 0n): bigint {
  const room = refillRoom(row, now);
  if (room === 0n || row.refill_below_bytes === null) return 0n;
  return row.traffic_left_bytes - granting >= row.refill_below_bytes ? 0n : room;
}

/** What a refill would move whatever is left: the amount, or what the day's maximum leaves (0: none). */
export function refillRoom(row: SubaccountRow, now: Date): bigint {
  const { refill_below_bytes: below, refill_amount_bytes: amount, refill_daily_max_bytes: max } = row;
  if (below === null || amount === null || row.refill_stopped_at !== null) return 0n;
  if (row.status !== 'active' || row.deleted_at !== null || isExpired(row, now)) return 0n;
  const room = max === null ? amount : max - refilledToday(row, now);
  return room <= 0n ? 0n : room < amount ? room : amount;
}
