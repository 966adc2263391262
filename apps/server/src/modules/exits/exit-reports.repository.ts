import { sql, type Insertable, type Selectable } from 'kysely';
import type { Executor } from '../../db/database';
import type { ExitHealthTable } from './exits.table';

export type ExitHealthRow = Selectable<ExitHealthTable>;

/** Rows per statement: PostgreSQL takes at most 65,535 parameters (7 a row here). */
const CHUNK = 1000;

/** Replaces one gateway process's view of the exits it reported; drops its rows of the others. */
export async function saveExitHealth(
  db: Executor,
  instanceId: string,
  rows: Insertable<ExitHealthTable>[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) {
    await db
      .insertInto('exit_health')
      .values(rows.slice(i, i + CHUNK))
      .onConflict((oc) =>
        oc.columns(['exit_id', 'instance_id']).doUpdateSet((eb) => ({
          consecutive_failures: eb.ref('excluded.consecutive_failures'),
          last_error: eb.ref('excluded.last_error'),
          last_error_at: eb.ref('excluded.last_error_at'),
          resting_until: eb.ref('excluded.resting_until'),
          reported_at: eb.ref('excluded.reported_at'),
        })),
      )
      .execute();
  }
  let stale = db.deleteFrom('exit_health').where('instance_id', '=', instanceId);
  const reported = rows.map((row) => row.exit_id);
  if (reported.length > 0) stale = stale.where('exit_id', 'not in', reported);
  await stale.execute();
}

/** Rows of processes that stopped reporting long ago (restarted gateways get new instance ids). */
export async function pruneExitHealth(db: Executor, before: Date): Promise<void> {
  await db.deleteFrom('exit_health').where('reported_at', '<', before).execute();
}

export function exitHealthOf(db: Executor, exitIds: readonly string[]): Promise<ExitHealthRow[]> {
  if (exitIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('exit_health').selectAll().where('exit_id', 'in', exitIds).execute();
}

/**
 * Adds carried bytes to each exit's UTC day. One row per exit (the caller sums), in id order, so
 * batches of several gateways lock the shared rows in one order and never deadlock.
 */
export async function addExitTraffic(
  db: Executor,
  day: string,
  carried: ReadonlyMap<string, bigint>,
): Promise<void> {
  const rows = [...carried]
    .filter(([, bytes]) => bytes > 0n)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([exitId, bytes]) => ({ exit_id: exitId, day, bytes }));
  for (let i = 0; i < rows.length; i += CHUNK) {
    await db
      .insertInto('exit_traffic_daily')
      .values(rows.slice(i, i + CHUNK))
      .onConflict((oc) =>
        oc.columns(['exit_id', 'day']).doUpdateSet((eb) => ({
          bytes: sql<bigint>`${eb.ref('exit_traffic_daily.bytes')} + ${eb.ref('excluded.bytes')}`,
        })),
      )
      .execute();
  }
}

/** Bytes per exit: on `today`, and over the 7 and 30 UTC days ending with it. */
export async function exitTrafficSums(db: Executor, exitIds: readonly string[], today: string) {
  if (exitIds.length === 0) return [];
  const day = sql`cast(${today} as date)`;
  return db
    .selectFrom('exit_traffic_daily')
    .select((eb) => [
      'exit_id',
      sql<string>`coalesce(sum(bytes) filter (where day = ${day}), 0)`.as('today'),
      sql<string>`coalesce(sum(bytes) filter (where day > ${day} - 7), 0)`.as('week'),
      eb.fn.sum<string>('bytes').as('month'),
    ])
    .where('exit_id', 'in', exitIds)
    .where(sql<boolean>`day > ${day} - 30 and day <= ${day}`)
    .groupBy('exit_id')
    .execute();
}
