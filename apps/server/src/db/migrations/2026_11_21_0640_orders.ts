import { sql, type Kysely } from 'kysely';

/**
 * Orders (docs/product.md#orders), the coupons they may use and the trial claims. Money amounts are cents and
 * traffic bytes (docs/architecture.md#ledger); the amounts of an order are fixed when it is placed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('coupons')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    // Stored upper-case; customers may type any case.
    .addColumn('code', 'text', (c) =>
      c
        .notNull()
        .unique()
        .check(sql`code = upper(code) and code <> ''`),
    )
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('percent', 'fixed')`))
    .addColumn('value', 'bigint', (c) => c.notNull().check(sql`value > 0`))
    .addColumn('expires_at', 'timestamptz')
    .addColumn('max_uses', 'integer', (c) => c.check(sql`max_uses > 0`))
    .addColumn('max_uses_per_account', 'integer', (c) => c.check(sql`max_uses_per_account > 0`))
    // A personal coupon works for this account only.
    .addColumn('account_id', 'integer', (c) => c.references('accounts.id'))
    .addColumn('uses', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`uses >= 0`),
    )
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('coupons_percent_range', sql`kind <> 'percent' or value <= 100`)
    .addCheckConstraint('coupons_not_overused', sql`max_uses is null or uses <= max_uses`)
    .execute();

  await db.schema
    .createTable('orders')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id'))
    .addColumn('package_id', 'integer', (c) => c.references('packages.id'))
    .addColumn('is_trial', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('traffic_bytes', 'bigint', (c) => c.notNull().check(sql`traffic_bytes > 0`))
    .addColumn('price_per_gb_cents', 'bigint', (c) => c.notNull().check(sql`price_per_gb_cents >= 0`))
    .addColumn('original_cents', 'bigint', (c) => c.notNull().check(sql`original_cents >= 0`))
    .addColumn('discount_cents', 'bigint', (c) => c.notNull().check(sql`discount_cents >= 0`))
    .addColumn('amount_cents', 'bigint', (c) => c.notNull().check(sql`amount_cents >= 0`))
    .addColumn('fee_cents', 'bigint', (c) => c.notNull().check(sql`fee_cents >= 0`))
    .addColumn('total_cents', 'bigint', (c) => c.notNull())
    .addColumn('paid_type', 'text', (c) =>
      c.notNull().check(sql`paid_type in ('cryptomus', 'balance', 'free')`),
    )
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('unpaid', 'paid', 'cancelled', 'refunded')`),
    )
    .addColumn('coupon_id', 'integer', (c) => c.references('coupons.id'))
    .addColumn('coupon_code', 'text')
    .addColumn('invoice_id', 'integer', (c) => c.unique().references('crypto_invoices.id'))
    .addColumn('idempotency_key', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('paid_at', 'timestamptz')
    .addColumn('refunded_at', 'timestamptz')
    .addCheckConstraint(
      'orders_amounts_add_up',
      sql`amount_cents = original_cents - discount_cents
      and total_cents = amount_cents + fee_cents`,
    )
    .addCheckConstraint(
      'orders_crypto_has_invoice',
      sql`(paid_type = 'cryptomus') = (invoice_id is not null)`,
    )
    .addUniqueConstraint('orders_idempotency_uq', ['account_id', 'idempotency_key'])
    .execute();
  await db.schema.createIndex('orders_account_idx').on('orders').columns(['account_id', 'id']).execute();

  // One row per coupon use; the row goes when its order is cancelled (the use is released).
  await db.schema
    .createTable('coupon_redemptions')
    .addColumn('order_id', 'integer', (c) => c.primaryKey().references('orders.id'))
    .addColumn('coupon_id', 'integer', (c) => c.notNull().references('coupons.id'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id'))
    .execute();
  await db.schema
    .createIndex('coupon_redemptions_account_idx')
    .on('coupon_redemptions')
    .columns(['coupon_id', 'account_id'])
    .execute();

  // The free trial: once per account and once per source IP (a second sign-up does not get another).
  await db.schema
    .createTable('trial_claims')
    .addColumn('account_id', 'integer', (c) => c.primaryKey().references('accounts.id'))
    .addColumn('ip', 'text', (c) => c.notNull().unique())
    .addColumn('order_id', 'integer', (c) => c.notNull().unique().references('orders.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('trial_claims').execute();
  await db.schema.dropTable('coupon_redemptions').execute();
  await db.schema.dropTable('orders').execute();
  await db.schema.dropTable('coupons').execute();
}
