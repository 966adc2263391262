import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-database';
import { down, up } from './migrations/2026_11_26_1200_payment_statuses';

/** Decision 026: invoices recorded with the old statuses read in the product's words, the provider's detail beside. */
describe('migration 2026_11_26_1200_payment_statuses', () => {
  it('translates every old status by the provider status it recorded, and back', async () => {
    const { db, drop } = await createTestDatabase();
    // Migrations are typed against no schema (they run on any version of it).
    const untyped = db as unknown as Kysely<unknown>;
    try {
      await down(untyped);
      const account = await db
        .insertInto('accounts')
        .values({ email: 'mig@example.test', password_hash: null, status: 'active', lang: 'en-us' })
        .returning('id')
        .executeTakeFirstOrThrow();
      const old: [string, string | null][] = [
        ['pending', null],
        ['paid', 'paid'],
        ['paid', 'paid_over'],
        ['failed', 'wrong_amount'],
        ['failed', 'fail'],
        ['failed', 'system_fail'],
        ['expired', 'cancel'],
        ['expired', 'never_opened'],
        ['failed', 'refund_process'],
        ['failed', 'refund_paid'],
        ['failed', 'refund_fail'],
      ];
      for (const [index, [status, provider]] of old.entries()) {
        await sql`insert into crypto_invoices (order_ref, purpose, account_id, amount_cents, status, provider_status, expires_at)
          values (${`rc_mig_${index}`}, 'recharge', ${account.id}, 2060, ${status}, ${provider}, now())`.execute(
          db,
        );
      }
      await up(untyped);
      const rows = await db
        .selectFrom('crypto_invoices')
        .select(['status', 'payment_detail'])
        .orderBy('id')
        .execute();
      expect(rows.map((r) => (r.payment_detail ? `${r.status}/${r.payment_detail}` : r.status))).toEqual([
        'unpaid',
        'paid',
        'paid/paid_over',
        'cancelled/underpaid',
        'cancelled/failed',
        'cancelled/failed',
        'cancelled/expired',
        'cancelled/expired',
        'refunded/refund_pending',
        'refunded',
        'cancelled/refund_failed',
      ]);
      await expect(
        sql`update crypto_invoices set status = 'pending' where order_ref = 'rc_mig_0'`.execute(db),
      ).rejects.toThrow(/check/i);

      await down(untyped);
      const back = await sql<{ status: string }>`select status from crypto_invoices order by id`.execute(db);
      expect(back.rows.map((r) => r.status)).toEqual([
        'pending',
        'paid',
        'paid',
        'failed',
        'failed',
        'failed',
        'expired',
        'expired',
        'failed',
        'failed',
        'failed',
      ]);
      await up(untyped);
    } finally {
      await drop();
    }
  });
});
