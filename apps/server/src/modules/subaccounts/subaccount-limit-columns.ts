import { subExpiryOf, type SubLimitsInput } from '@resiport/contract';
import { AppError } from '../../errors';
import type { LimitColumn, SubaccountRow } from './subaccount.repository';

export const limitColumnNames: ReadonlySet<string> = new Set<LimitColumn>([
  'daily_cap_bytes',
  'monthly_cap_bytes',
  'expires_at',
  'expired_at',
  'max_connections',
]);

/**
 * The row's columns for the limits a request gave (absent: unchanged; null: removed). A last day
 * already over is refused (10091): it would stop the sub-account at once, which disabling does.
 */
export function limitColumns(limits: SubLimitsInput, now: Date): Partial<Pick<SubaccountRow, LimitColumn>> {
  const columns: Partial<Pick<SubaccountRow, LimitColumn>> = {};
  if (limits.daily_cap !== undefined) columns.daily_cap_bytes = toBytes(limits.daily_cap);
  if (limits.monthly_cap !== undefined) columns.monthly_cap_bytes = toBytes(limits.monthly_cap);
  if (limits.max_connections !== undefined) columns.max_connections = limits.max_connections;
  if (limits.expires_on !== undefined) {
    const expiresAt = limits.expires_on === null ? null : subExpiryOf(limits.expires_on);
    if (expiresAt !== null && expiresAt <= now) throw new AppError('SubExpiryPast');
    columns.expires_at = expiresAt;
    // A new last day (or none) lets an expired sub-account work again.
    columns.expired_at = null;
  }
  return columns;
}

const toBytes = (bytes: number | null) => (bytes === null ? null : BigInt(bytes));
