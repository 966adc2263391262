import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-database';
import * as usageRollups from './migrations/2026_11_21_0900_usage_rollups';

/** Migration 0900 on a database that already has hourly usage: backfilled up, merged back down. */
describe('migration 0900 (usage rollups)', () => {
  it('backfills usage_daily from usage_hourly by UTC day, and going down sums the addresses back', async () => {
    const { db, drop } = await createTestDatabase();
    try {
      const { id } = await db
        .insertInto('accounts')
        .values({ email: 'rollup@example.test', password_hash: null, status: 'active', lang: 'en-us' })
        .returning('id')
        .executeTakeFirstOrThrow();
      // Migrations are typed against no schema (they run on any version of it).
      const untyped = db as unknown as Kysely<unknown>;
      await usageRollups.down(untyped);
      // As 0800 left it: one row per owner and hour, no address.
      await sql`insert into usage_hourly (account_id, subaccount_id, hour, bytes_up, bytes_down, connections) values
        (${id}, 0, '2026-11-20T22:00:00Z', 1, 10, 1),
        (${id}, 0, '2026-11-20T23:00:00Z', 2, 20, 1),
        (${id}, 0, '2026-11-21T00:00:00Z', 4, 40, 1),
        (${id}, 7, '2026-11-21T05:00:00Z', 8, 80, 2)`.execute(db);
      await usageRollups.up(untyped);
      const daily = await sql<{ subaccount_id: number; source_ip: string; day: string; bytes_up: bigint }>`
        select subaccount_id, source_ip, to_char(day, 'YYYY-MM-DD') as day, bytes_up
        from usage_daily order by subaccount_id, day`.execute(db);
      expect(daily.rows).toEqual([
        { subaccount_id: 0, source_ip: '', day: '2026-11-20', bytes_up: 3n },
        { subaccount_id: 0, source_ip: '', day: '2026-11-21', bytes_up: 4n },
        { subaccount_id: 7, source_ip: '', day: '2026-11-21', bytes_up: 8n },
      ]);

      // Two addresses of the main account in one hour are one row again after going down.
      await sql`insert into usage_hourly (account_id, subaccount_id, source_ip, hour, bytes_up, bytes_down, connections)
        values (${id}, 0, '203.0.113.1', '2026-11-21T00:00:00Z', 16, 160, 3)`.execute(db);
      await usageRollups.down(untyped);
      const hourly = await sql<{ hour: Date; bytes_up: bigint; connections: bigint }>`
        select hour, bytes_up, connections from usage_hourly where subaccount_id = 0 order by hour`.execute(
        db,
      );
      expect(hourly.rows.map((r) => [r.hour.toISOString(), r.bytes_up, r.connections])).toEqual([
        ['2026-11-20T22:00:00.000Z', 1n, 1n],
        ['2026-11-20T23:00:00.000Z', 2n, 1n],
        ['2026-11-21T00:00:00.000Z', 20n, 4n],
      ]);
      await usageRollups.up(untyped);
    } finally {
      await drop();
    }
  });
});
