import { sql } from 'kysely';
import type { Executor } from '../../../db/database';

/**
 * The overview's SQL: each figure grouped by UTC day over the window, so one scan of each source
 * (by its time index) serves the three windows and the charts.
 */

const utcDay = (column: string) => sql<string>`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD')`;

/** Sums come back as PostgreSQL `numeric`, i.e. decimal text. */
export interface DailyMoney {
  day: string;
  topups: string;
  refunds: string;
  adjustments: string;
  sold: string;
}

/**
 * The kinds the overview sums, and exactly those of the partial index `ledger_entries_sales_idx`
 * (migration 2026_12_02_0910): the read walks them only, never the gateways' lease and usage entries.
 */
const SALES_KINDS = ['recharge', 'refund', 'adjustment', 'purchase', 'trial'];

/** Ledger credits per UTC day since `from`: money top-ups, refunds and adjustments; traffic sold. */
export async function ledgerByDay(db: Executor, from: Date): Promise<DailyMoney[]> {
  const amount = (asset: string, kinds: string[]) =>
    sql<string>`coalesce(sum(amount) filter (where asset = ${asset} and kind in (${sql.join(kinds)})), 0)`;
  return db
    .selectFrom('ledger_entries')
    .select([
      utcDay('created_at').as('day'),
      amount('money', ['recharge']).as('topups'),
      amount('money', ['refund']).as('refunds'),
      amount('money', ['adjustment']).as('adjustments'),
      amount('traffic', ['purchase', 'trial']).as('sold'),
    ])
    .where('created_at', '>=', from)
    .where('kind', 'in', SALES_KINDS)
    .groupBy(sql`1`)
    .execute();
}

/** What paid orders cost their buyers per UTC day of payment (balance and crypto alike, no fee). */
export async function orderPaymentsByDay(db: Executor, from: Date) {
  return db
    .selectFrom('orders')
    .select([utcDay('paid_at').as('day'), sql<string>`coalesce(sum(amount_cents), 0)`.as('cents')])
    .where('paid_at', '>=', from)
    .groupBy(sql`1`)
    .execute();
}

/** Bytes carried per UTC day, from the kept day totals (a row per day and stripe, decision 046). */
export async function carriedByDay(db: Executor, fromDay: string) {
  return db
    .selectFrom('usage_day_totals')
    .select([
      sql<string>`to_char(day, 'YYYY-MM-DD')`.as('day'),
      sql<string>`coalesce(sum(bytes), 0)`.as('bytes'),
    ])
    .where(sql<boolean>`day >= cast(${fromDay} as date)`)
    .groupBy(sql`1`)
    .execute();
}

/** Accounts whose proxies carried traffic on or after `fromDay`: their last usage day is in the window. */
export async function activeCustomersSince(db: Executor, fromDay: string): Promise<number> {
  const row = await db
    .selectFrom('accounts')
    .select(sql<string>`count(*)`.as('n'))
    .where(sql<boolean>`last_usage_day >= cast(${fromDay} as date)`)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function newCustomersSince(db: Executor, from: Date): Promise<number> {
  const row = await db
    .selectFrom('accounts')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('created_at', '>=', from)
    .where('role', '=', 'customer')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function overrunSince(db: Executor, from: Date): Promise<bigint> {
  const row = await db
    .selectFrom('traffic_overruns')
    .select(sql<string>`coalesce(sum(bytes), 0)`.as('bytes'))
    .where('created_at', '>=', from)
    .executeTakeFirstOrThrow();
  return BigInt(row.bytes);
}

/** Invoices waiting for the payer, and those paid short that nobody has resolved. */
export async function openInvoiceCounts(db: Executor) {
  const row = await db
    .selectFrom('crypto_invoices')
    .select([
      sql<string>`count(*) filter (where status = 'unpaid')`.as('unpaid'),
      sql<string>`count(*) filter (where status = 'cancelled' and payment_detail = 'underpaid')`.as(
        'underpaid',
      ),
    ])
    .executeTakeFirstOrThrow();
  return { unpaid: Number(row.unpaid), underpaid: Number(row.underpaid) };
}

/** Every gateway that ever read the change feed, with its last usage batch and how far behind it is. */
export async function gatewayCursors(db: Executor) {
  return db
    .selectFrom('gateway_feed_cursors as c')
    .select([
      'c.instance_id',
      'c.seen_at',
      'c.event_id',
      (eb) =>
        eb
          .selectFrom('usage_batches as b')
          .select((b) => b.fn.max('b.received_at').as('at'))
          .whereRef('b.instance_id', '=', 'c.instance_id')
          .as('last_usage_at'),
      (eb) =>
        eb
          .selectFrom('gateway_events')
          .select((g) => g.fn.max('id').as('id'))
          .as('head'),
    ])
    .orderBy('c.seen_at', 'desc')
    .execute();
}

export async function jobRows(db: Executor) {
  return db.selectFrom('job_leases').selectAll().orderBy('name').execute();
}
