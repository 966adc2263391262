import { sql, type Selectable, type Transaction } from 'kysely';
import type { Executor } from '../../db/database';
import type { Database } from '../../db/database.types';
import type { TrafficLeasesTable } from './lease.table';

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

export function openLease(
  trx: Transaction<Database>,
  key: LeaseKey,
  at: { now: Date; expiresAt: Date },
): Promise<LeaseRow> {
  return trx
    .insertInto('traffic_leases')
    .values({
      instance_id: key.instanceId,
      account_id: key.accountId,
      subaccount_id: key.subaccountId,
      expires_at: at.expiresAt,
      posted_at: at.now,
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
    /** Every grant so far is in the ledger now (decision 045). */
    postedAt?: Date;
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
      // SET reads the row as it was: the grant of this same update is added again.
      ...(change.postedAt
        ? { posted_bytes: sql`granted_bytes + ${change.grantedBy ?? 0n}`, posted_at: change.postedAt }
        : {}),
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

/** The per-owner credit counters kept beside the ledger balance: the gateway link's columns (lease.table.ts). */
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

/** A sub-account moved `bytes` that not even its main account could pay (its figures show them as used). */
export async function addSubaccountOverrun(
  trx: Transaction<Database>,
  subaccountId: number,
  bytes: bigint,
): Promise<void> {
  await trx
    .updateTable('subaccounts')
    .set({ traffic_overrun_bytes: sql`traffic_overrun_bytes + ${bytes}` })
    .where('id', '=', subaccountId)
    .execute();
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
    // The partial index's condition (traffic_leases_voided_idx); a lease with none adds nothing.
    .where('voided_bytes', '>', 0n)
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
