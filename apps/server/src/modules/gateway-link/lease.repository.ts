import { sql, type Selectable, type Transaction } from 'kysely';
import type { Executor } from '../../db/database';
import type { Database, TrafficLeasesTable } from '../../db/database.types';

export type LeaseRow = Selectable<TrafficLeasesTable>;

export interface LeaseKey {
  instanceId: string;
  accountId: number;
  subaccountId: number | null;
}

export function findOpenLease(trx: Transaction<Database>, key: LeaseKey): Promise<LeaseRow | undefined> {
  let query = trx
    .selectFrom('traffic_leases')
    .selectAll()
    .where('instance_id', '=', key.instanceId)
    .where('account_id', '=', key.accountId)
    .where('status', '=', 'open');
  query =
    key.subaccountId === null
      ? query.where('subaccount_id', 'is', null)
      : query.where('subaccount_id', '=', key.subaccountId);
  return query.forUpdate().executeTakeFirst();
}

export function openLease(trx: Transaction<Database>, key: LeaseKey, expiresAt: Date): Promise<LeaseRow> {
  return trx
    .insertInto('traffic_leases')
    .values({
      instance_id: key.instanceId,
      account_id: key.accountId,
      subaccount_id: key.subaccountId,
      expires_at: expiresAt,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function changeLease(
  trx: Transaction<Database>,
  id: number,
  change: { grantedBy?: bigint; usedBy?: bigint; overrunBy?: bigint; grant?: boolean; expiresAt?: Date },
): Promise<void> {
  await trx
    .updateTable('traffic_leases')
    .set({
      granted_bytes: sql`granted_bytes + ${change.grantedBy ?? 0n}`,
      used_bytes: sql`used_bytes + ${change.usedBy ?? 0n}`,
      overrun_bytes: sql`overrun_bytes + ${change.overrunBy ?? 0n}`,
      grants: sql`grants + ${change.grant ? 1 : 0}`,
      ...(change.expiresAt ? { expires_at: change.expiresAt } : {}),
    })
    .where('id', '=', id)
    .execute();
}

export async function closeLease(trx: Transaction<Database>, id: number, at: Date): Promise<void> {
  await trx
    .updateTable('traffic_leases')
    .set({ status: 'closed', closed_at: at })
    .where('id', '=', id)
    .execute();
}

export function expiredLeases(db: Executor, now: Date, limit: number) {
  return db
    .selectFrom('traffic_leases')
    .select(['id', 'instance_id', 'account_id', 'subaccount_id'])
    .where('status', '=', 'open')
    .where('expires_at', '<', now)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Claims a batch id; false when it was applied before (its retry is a no-op). */
export async function claimUsageBatch(
  trx: Transaction<Database>,
  batchId: string,
  instanceId: string,
): Promise<boolean> {
  const row = await trx
    .insertInto('usage_batches')
    .values({ batch_id: batchId, instance_id: instanceId })
    .onConflict((oc) => oc.column('batch_id').doNothing())
    .returning('batch_id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function addHourlyUsage(
  trx: Transaction<Database>,
  row: { accountId: number; subaccountId: number; hour: Date; up: bigint; down: bigint; connections: bigint },
): Promise<void> {
  await trx
    .insertInto('usage_hourly')
    .values({
      account_id: row.accountId,
      subaccount_id: row.subaccountId,
      hour: row.hour,
      bytes_up: row.up,
      bytes_down: row.down,
      connections: row.connections,
    })
    .onConflict((oc) =>
      oc.columns(['account_id', 'subaccount_id', 'hour']).doUpdateSet({
        bytes_up: sql`usage_hourly.bytes_up + excluded.bytes_up`,
        bytes_down: sql`usage_hourly.bytes_down + excluded.bytes_down`,
        connections: sql`usage_hourly.connections + excluded.connections`,
      }),
    )
    .execute();
}

/** Adds consumed bytes to the owner's `traffic_used_bytes` (a counter, not a ledger balance). */
export async function addTrafficUsed(
  trx: Transaction<Database>,
  owner: { accountId: number; subaccountId: number | null },
  bytes: bigint,
): Promise<void> {
  if (owner.subaccountId === null) {
    await trx
      .updateTable('accounts')
      .set({ traffic_used_bytes: sql`traffic_used_bytes + ${bytes}` })
      .where('id', '=', owner.accountId)
      .execute();
  } else {
    await trx
      .updateTable('subaccounts')
      .set({ traffic_used_bytes: sql`traffic_used_bytes + ${bytes}` })
      .where('id', '=', owner.subaccountId)
      .execute();
  }
}
