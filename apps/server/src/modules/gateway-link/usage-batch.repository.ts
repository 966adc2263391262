import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/database.types';
import { textColumn } from '../../db/array-columns';
import { utcDayNumber, utcMonthStartDay } from '@resiport/contract';
import type { LeaseRow } from './lease.repository';

/** An owner's usage in one batch that its open lease covers whole. */
export interface CoveredUsage {
  leaseId: number;
  accountId: number;
  subaccountId: number | null;
  bytes: bigint;
}

/**
 * The open leases of one gateway process for a batch's accounts, locked, keyed `account/sub` (`main`
 * for a main account): one read for the batch instead of one per owner.
 */
export async function openLeasesOfProcess(
  trx: Transaction<Database>,
  instanceId: string,
  accountIds: readonly number[],
): Promise<Map<string, LeaseRow>> {
  const leases = new Map<string, LeaseRow>();
  if (accountIds.length === 0) return leases;
  const rows = await trx
    .selectFrom('traffic_leases')
    .selectAll()
    .where('instance_id', '=', instanceId)
    .where('status', '=', 'open')
    .where('account_id', '=', sql<number>`any(${accountIds.map(String)}::int[])`)
    .orderBy('id')
    .forUpdate()
    .execute();
  for (const row of rows) leases.set(ownerKeyOf(row.account_id, row.subaccount_id), row);
  return leases;
}

export const ownerKeyOf = (accountId: number, subaccountId: number | null) =>
  `${accountId}/${subaccountId ?? 'main'}`;

/**
 * Bills usage its leases cover whole, set-based: one update of the leases, one of the sub-accounts
 * (reserved → used, and the cap counters of the day and month of `now`), one of the main accounts —
 * three statements whatever the batch's size, each row changed once (`usage` has one item per owner).
 * What `consume` in usage.service.ts does per owner when the lease covers it, in the same order.
 */
export async function billCoveredUsage(
  trx: Transaction<Database>,
  usage: readonly CoveredUsage[],
  now: Date,
  leaseExpiresAt: Date,
): Promise<void> {
  if (usage.length === 0) return;
  const column = (pick: (row: CoveredUsage) => string | number | bigint) => textColumn(usage, pick);
  await sql`
    update traffic_leases as l
    set used_bytes = l.used_bytes + u.bytes, expires_at = ${leaseExpiresAt}
    from unnest(${column((u) => u.leaseId)}::int[], ${column((u) => u.bytes)}::bigint[]) as u(id, bytes)
    where l.id = u.id`.execute(trx);
  const subs = usage.filter((u) => u.subaccountId !== null);
  if (subs.length > 0) {
    const today = utcDayNumber(now);
    const monthStart = utcMonthStartDay(now);
    const ids = subs.map((u) => String(u.subaccountId));
    const bytes = subs.map((u) => String(u.bytes));
    await sql`
      update subaccounts as s
      set traffic_reserved_bytes = s.traffic_reserved_bytes - u.bytes,
          traffic_used_bytes = s.traffic_used_bytes + u.bytes,
          day_used_bytes = case when s.usage_day = ${today} then s.day_used_bytes + u.bytes else u.bytes end,
          month_used_bytes = case when s.usage_day >= ${monthStart} then s.month_used_bytes + u.bytes else u.bytes end,
          usage_day = ${today}
      from unnest(${ids}::int[], ${bytes}::bigint[]) as u(id, bytes)
      where s.id = u.id`.execute(trx);
  }
  const mains = usage.filter((u) => u.subaccountId === null);
  if (mains.length > 0) {
    const ids = mains.map((u) => String(u.accountId));
    const bytes = mains.map((u) => String(u.bytes));
    await sql`
      update accounts as a
      set traffic_reserved_bytes = a.traffic_reserved_bytes - u.bytes,
          traffic_used_bytes = a.traffic_used_bytes + u.bytes
      from unnest(${ids}::int[], ${bytes}::bigint[]) as u(id, bytes)
      where a.id = u.id`.execute(trx);
  }
}
