import type { SubAccount } from '@resiport/contract';
import { shownTrafficLeft } from '../account/traffic-left.service';
import { decryptProxyPassword, type ProxyPasswordKey } from './proxy-password';
import { refilledToday } from './auto-refill';
import { isExpired, periodUsage } from './subaccount-limits';
import type { SubaccountRow } from './subaccount.repository';

/** A sub-account as its owner sees it at `now`, password decrypted (never logged: responses are not). */
export function toSubAccount(key: ProxyPasswordKey, row: SubaccountRow, now: Date): SubAccount {
  const used = periodUsage(row, now);
  // Everything it moved: billed, and what not even the main account could pay (an overrun it owes).
  const usedBytes = row.traffic_used_bytes + row.traffic_overrun_bytes;
  return {
    id: row.id,
    username: row.username,
    password: decryptProxyPassword(key, row.password_cipher),
    remark: row.remark,
    // Bytes it used past zero are owed back (paid by the main account, or an overrun): not part of what it was given.
    allocated_bytes: Number(shownTrafficLeft(row) + usedBytes - row.traffic_debt_bytes),
    traffic_left_bytes: Number(shownTrafficLeft(row)),
    traffic_used_bytes: Number(usedBytes),
    status: row.status,
    created_at: row.created_at.toISOString(),
    daily_cap_bytes: numberOrNull(row.daily_cap_bytes),
    monthly_cap_bytes: numberOrNull(row.monthly_cap_bytes),
    used_today_bytes: Number(used.today),
    used_this_month_bytes: Number(used.thisMonth),
    expires_on: row.expires_at === null ? null : row.expires_at.toISOString().slice(0, 10),
    expired: isExpired(row, now),
    max_connections: row.max_connections,
    refill_below_bytes: numberOrNull(row.refill_below_bytes),
    refill_amount_bytes: numberOrNull(row.refill_amount_bytes),
    refill_daily_max_bytes: numberOrNull(row.refill_daily_max_bytes),
    refilled_today_bytes: Number(refilledToday(row, now)),
    refill_stopped: row.refill_stopped_at !== null,
    alert_percents: row.alert_percents,
  };
}

const numberOrNull = (bytes: bigint | null) => (bytes === null ? null : Number(bytes));
