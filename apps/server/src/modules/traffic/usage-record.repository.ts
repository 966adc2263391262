import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/database.types';

/** The writes of the usage record: batch claims and rollup upserts, in the usage batch's transaction. */

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

/** Adds a batch's bytes to the day's total, in the stripe of its gateway. */
export async function addDayTotal(
  trx: Transaction<Database>,
  at: { day: string; stripe: number },
  bytes: bigint,
): Promise<void> {
  if (bytes === 0n) return;
  await trx
    .insertInto('usage_day_totals')
    .values({ day: at.day, stripe: at.stripe, bytes })
    .onConflict((oc) =>
      oc
        .columns(['day', 'stripe'])
        .doUpdateSet({ bytes: sql<bigint>`usage_day_totals.bytes + excluded.bytes` }),
    )
    .execute();
}

/** These accounts carried traffic on `day`: their last usage day moves to it (once a day each). */
export async function markAccountsActive(
  trx: Transaction<Database>,
  day: string,
  accountIds: readonly number[],
): Promise<void> {
  if (accountIds.length === 0) return;
  await trx
    .updateTable('accounts')
    .set({ last_usage_day: day })
    .where('id', 'in', accountIds)
    .where((eb) =>
      eb.or([eb('last_usage_day', 'is', null), eb('last_usage_day', '<', sql<Date>`${day}::date`)]),
    )
    .execute();
}
