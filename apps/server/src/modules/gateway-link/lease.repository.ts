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
  change: {
    grantedBy?: bigint;
    usedBy?: bigint;
    overrunBy?: bigint;
    grant?: boolean;
    expiresAt?: Date;
  },
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

export async function closeLease(
  trx: Transaction<Database>,
  id: number,
  at: Date,
  voidedBytes = 0n,
): Promise<void> {
  await trx
    .updateTable('traffic_leases')
    .set({ status: 'closed', closed_at: at, voided_bytes: voidedBytes })
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

/** The per-owner traffic counters kept beside the ledger balance (not ledger balances themselves). */
export type OwnerCounter = 'traffic_used_bytes' | 'traffic_reserved_bytes' | 'traffic_debt_bytes';

/** Adds `bytes` (negative: subtracts) to one of the owner's counters; the CHECKs keep them ≥ 0. */
export async function addToOwner(
  trx: Transaction<Database>,
  owner: { accountId: number; subaccountId: number | null },
  counter: OwnerCounter,
  bytes: bigint,
): Promise<void> {
  if (bytes === 0n) return;
  const change = { [counter]: sql`${sql.ref(counter)} + ${bytes}` };
  if (owner.subaccountId === null) {
    await trx.updateTable('accounts').set(change).where('id', '=', owner.accountId).execute();
  } else {
    await trx.updateTable('subaccounts').set(change).where('id', '=', owner.subaccountId).execute();
  }
}

/** The owner's debt (bytes delivered past zero, not yet billed). */
export async function ownerDebt(
  trx: Transaction<Database>,
  owner: { accountId: number; subaccountId: number | null },
): Promise<bigint> {
  const row =
    owner.subaccountId === null
      ? await trx
          .selectFrom('accounts')
          .select('traffic_debt_bytes as debt')
          .where('id', '=', owner.accountId)
          .executeTakeFirst()
      : await trx
          .selectFrom('subaccounts')
          .select('traffic_debt_bytes as debt')
          .where('id', '=', owner.subaccountId)
          .executeTakeFirst();
  return row?.debt ?? 0n;
}

/** Every open lease of an owner (all gateway processes), locked; `subaccountId` undefined = all owners. */
export function openLeasesOf(
  trx: Transaction<Database>,
  owner: { accountId: number; subaccountId: number | null | undefined },
): Promise<LeaseRow[]> {
  let query = trx
    .selectFrom('traffic_leases')
    .selectAll()
    .where('account_id', '=', owner.accountId)
    .where('status', '=', 'open');
  if (owner.subaccountId === null) query = query.where('subaccount_id', 'is', null);
  else if (owner.subaccountId !== undefined) query = query.where('subaccount_id', '=', owner.subaccountId);
  return query.orderBy('id').forUpdate().execute();
}

/** Bytes voided recently from this process's leases of the owner: what it may still spend unbacked. */
export async function recentlyVoidedBytes(trx: Transaction<Database>, key: LeaseKey, since: Date) {
  let query = trx
    .selectFrom('traffic_leases')
    .select(sql<string>`coalesce(sum(voided_bytes), 0)`.as('bytes'))
    .where('instance_id', '=', key.instanceId)
    .where('account_id', '=', key.accountId)
    .where('closed_at', '>', since);
  query =
    key.subaccountId === null
      ? query.where('subaccount_id', 'is', null)
      : query.where('subaccount_id', '=', key.subaccountId);
  return BigInt((await query.executeTakeFirstOrThrow()).bytes);
}

export async function insertOverrun(
  trx: Transaction<Database>,
  overrun: { key: LeaseKey; batchId: string; bytes: bigint; boundBytes: bigint },
): Promise<void> {
  await trx
    .insertInto('traffic_overruns')
    .values({
      account_id: overrun.key.accountId,
      subaccount_id: overrun.key.subaccountId,
      instance_id: overrun.key.instanceId,
      batch_id: overrun.batchId,
      bytes: overrun.bytes,
      bound_bytes: overrun.boundBytes,
    })
    .execute();
}
