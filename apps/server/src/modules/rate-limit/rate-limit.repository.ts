import { sql } from 'kysely';
import type { Db } from '../../db/database';

/** Counts one hit in a fixed window and returns the window's total, atomically (safe across processes). */
export async function countHit(db: Db, bucket: string, windowStart: Date): Promise<number> {
  const row = await db
    .insertInto('rate_limit_hits')
    .values({ bucket, window_start: windowStart, hits: 1 })
    .onConflict((oc) =>
      oc.columns(['bucket', 'window_start']).doUpdateSet({ hits: sql`rate_limit_hits.hits + 1` }),
    )
    .returning('hits')
    .executeTakeFirstOrThrow();
  return row.hits;
}

/** Takes back a hit counted for an attempt that turned out not to count (a success). */
export async function refundHit(db: Db, bucket: string, windowStart: Date): Promise<void> {
  await db
    .updateTable('rate_limit_hits')
    .set({ hits: sql`greatest(hits - 1, 0)` })
    .where('bucket', '=', bucket)
    .where('window_start', '=', windowStart)
    .execute();
}

export async function deleteWindowsBefore(db: Db, before: Date): Promise<void> {
  await db.deleteFrom('rate_limit_hits').where('window_start', '<', before).execute();
}
