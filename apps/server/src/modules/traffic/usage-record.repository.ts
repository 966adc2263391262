import { sql, type RawBuilder, type Transaction } from 'kysely';
import type { Database } from '../../db/database.types';
import { textColumn } from '../../db/array-columns';

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

/**
 * Adds counts to `usage_hourly` (that hour) and `usage_daily` (that UTC day): one upsert per table
 * whatever the batch's size, the rows passed as arrays (`unnest`) — a 10,000-owner batch is two
 * statements with six parameters each, not 20 statements with 7,000 each to build, send and parse.
 * Rows must be distinct per owner and address (an upsert cannot touch a row twice), and are upserted
 * in the order given (the usage batch passes them in its lock order).
 */
export async function addUsageRollups(
  trx: Transaction<Database>,
  at: { hour: Date; day: string },
  rows: readonly UsageCounts[],
): Promise<void> {
  if (rows.length === 0) return;
  const column = (pick: (row: UsageCounts) => string | number | bigint) => textColumn(rows, pick);
  const counts = sql`
    select * from unnest(
      ${column((r) => r.accountId)}::int[], ${column((r) => r.subaccountId)}::int[],
      ${column((r) => r.sourceIp)}::text[], ${column((r) => r.up)}::bigint[],
      ${column((r) => r.down)}::bigint[], ${column((r) => r.connections)}::bigint[]
    ) with ordinality as c(account_id, subaccount_id, source_ip, bytes_up, bytes_down, connections, n)
    order by n`;
  await upsertRollup(trx, counts, {
    table: 'usage_hourly',
    period: 'hour',
    at: sql`${at.hour}::timestamptz`,
  });
  await upsertRollup(trx, counts, { table: 'usage_daily', period: 'day', at: sql`${at.day}::date` });
}

/** Adds `counts` to one rollup's rows of one period (its hour or day), creating the missing ones. */
async function upsertRollup(
  trx: Transaction<Database>,
  counts: RawBuilder<unknown>,
  rollup: { table: 'usage_hourly' | 'usage_daily'; period: 'hour' | 'day'; at: RawBuilder<unknown> },
): Promise<void> {
  const table = sql.table(rollup.table);
  const period = sql.ref(rollup.period);
  const kept = (column: string) => sql.ref(`${rollup.table}.${column}`);
  await sql`
    insert into ${table} (account_id, subaccount_id, source_ip, bytes_up, bytes_down, connections, ${period})
    select account_id, subaccount_id, source_ip, bytes_up, bytes_down, connections, ${rollup.at}
    from (${counts}) c
    on conflict (account_id, subaccount_id, source_ip, ${period}) do update set
      bytes_up = ${kept('bytes_up')} + excluded.bytes_up,
      bytes_down = ${kept('bytes_down')} + excluded.bytes_down,
      connections = ${kept('connections')} + excluded.connections`.execute(trx);
}

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
