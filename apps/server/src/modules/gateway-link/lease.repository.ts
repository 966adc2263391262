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

/** Claims a batch id (stamped with the server clock: `/traffic/*` report it as freshness); false on a retry. */
export async function claimUsageBatch(
  trx: Transaction<Database>,
  batch: { batchId: string; instanceId: string; receivedAt: Date },
): Promise<boolean> {
  const row = await trx
    .insertInto('usage_batches')
    .values({ batch_id: batch.batchId, instance_id: batch.instanceId, received_at: batch.receivedAt })
    .onConflict((oc) => oc.column('batch_id').doNothing())
    .returning('batch_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** One owner's (and source address's) counts to add to the rollups. */
export interface UsageCounts {
  accountId: number;
  /** 0 = the main account. */
  subaccountId: number;
  /** The whitelisted address of main-account usage; '' otherwise. */
  sourceIp: string;
  up: bigint;
  down: bigint;
  connections: bigint;
}

/** Rows per statement: 1000 × 7 parameters stays far below PostgreSQL's 65535. */
const ROLLUP_CHUNK = 1000;

/**
 * Adds counts to `usage_hourly` (that hour) and `usage_daily` (that UTC day): one upsert per table
 * per chunk of rows. Rows must be distinct per owner and address (an upsert cannot touch a row twice).
 */
export async function addUsageRollups(
  trx: Transaction<Database>,
  at: { hour: Date; day: string },
  rows: UsageCounts[],
): Promise<void> {
  for (let start = 0; start < rows.length; start += ROLLUP_CHUNK) {
    const counts = rows.slice(start, start + ROLLUP_CHUNK).map((row) => ({
      account_id: row.accountId,
      subaccount_id: row.subaccountId,
      source_ip: row.sourceIp,
      bytes_up: row.up,
      bytes_down: row.down,
      connections: row.connections,
    }));
    await trx
      .insertInto('usage_hourly')
      .values(counts.map((c) => ({ ...c, hour: at.hour })))
      .onConflict((oc) =>
        oc.columns(['account_id', 'subaccount_id', 'source_ip', 'hour']).doUpdateSet(adding('usage_hourly')),
      )
      .execute();
    await trx
      .insertInto('usage_daily')
      .values(counts.map((c) => ({ ...c, day: at.day })))
      .onConflict((oc) =>
        oc.columns(['account_id', 'subaccount_id', 'source_ip', 'day']).doUpdateSet(adding('usage_daily')),
      )
      .execute();
  }
}

const adding = (table: 'usage_hourly' | 'usage_daily') => ({
  bytes_up: sql<bigint>`${sql.ref(`${table}.bytes_up`)} + excluded.bytes_up`,
  bytes_down: sql<bigint>`${sql.ref(`${table}.bytes_down`)} + excluded.bytes_down`,
  connections: sql<bigint>`${sql.ref(`${table}.connections`)} + excluded.connections`,
});

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
