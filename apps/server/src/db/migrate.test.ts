import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-database';
import { migrateDownAll, migrateToLatest } from './migrate';

describe('migrations', () => {
  it('go up, all the way down and up again', async () => {
    const { db, drop } = await createTestDatabase();
    try {
      await migrateDownAll(db);
      const none = await sql<{
        n: string;
      }>`select count(*) as n from information_schema.tables where table_name = 'accounts'`.execute(db);
      expect(Number(none.rows[0]?.n)).toBe(0);
      await migrateToLatest(db);
      await db
        .insertInto('accounts')
        .values({ email: 'm@example.test', password_hash: null, status: 'active', lang: 'en-us' })
        .execute();
    } finally {
      await drop();
    }
  });

  it('cached balances can never go below zero', async () => {
    const { db, drop } = await createTestDatabase();
    try {
      await db
        .insertInto('accounts')
        .values({ email: 'b@example.test', password_hash: null, status: 'active', lang: 'en-us' })
        .execute();
      await expect(sql`update accounts set balance_cents = -1`.execute(db)).rejects.toThrow(/check/i);
      await expect(sql`update accounts set traffic_left_bytes = -1`.execute(db)).rejects.toThrow(/check/i);
    } finally {
      await drop();
    }
  });
});
