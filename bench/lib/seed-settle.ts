import { sql } from 'kysely';
import type { Db } from '../../apps/server/src/db/database';

/**
 * What every seeded bench database does last: vacuum and analyse the seeded tables (a long-lived
 * table has been; a fresh bulk load has not), then count the usage rollups the calls will read.
 */
export async function settleSeed(
  db: Db,
  tables: string[],
): Promise<{ hourlyRows: number; dailyRows: number }> {
  for (const table of tables) await sql`vacuum analyze ${sql.table(table)}`.execute(db);
  const count = async (table: 'usage_hourly' | 'usage_daily') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return { hourlyRows: await count('usage_hourly'), dailyRows: await count('usage_daily') };
}
