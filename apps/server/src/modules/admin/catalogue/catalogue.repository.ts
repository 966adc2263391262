import type { CouponStatus } from '@resiport/contract';
import { sql, type ExpressionBuilder } from 'kysely';
import type { Executor } from '../../../db/database';
import type { Database } from '../../../db/database.types';

/** The console's reads of the catalogue: every package and coupon, with what customers did with them. */

/** Every package (inactive and trial ones too) with how many orders were placed with it. */
export function listPackagesWithOrders(db: Executor) {
  return db
    .selectFrom('packages as p')
    .select(['p.id', 'p.code', 'p.traffic_bytes', 'p.price_cents', 'p.is_trial', 'p.active'])
    .select((eb) =>
      eb
        .selectFrom('orders as o')
        .select((o) => o.fn.countAll<string>().as('n'))
        .whereRef('o.package_id', '=', 'p.id')
        .where('o.status', '<>', 'cancelled')
        .as('order_count'),
    )
    .orderBy('p.sort_order')
    .orderBy('p.id')
    .execute();
}

export interface CouponFilter {
  q?: string | undefined;
  status?: CouponStatus | undefined;
}

type CouponScope = ExpressionBuilder<Database & { c: Database['coupons'] }, 'c'>;

/** Coupons in a status at `now`; the same rule as the customer's order (order-quote.service.ts). */
function inStatus(eb: CouponScope, status: CouponStatus, now: Date) {
  const expired = eb.and([eb('c.expires_at', 'is not', null), eb('c.expires_at', '<=', now)]);
  const usedUp = eb.and([eb('c.max_uses', 'is not', null), eb('c.uses', '>=', eb.ref('c.max_uses'))]);
  switch (status) {
    case 'disabled':
      return eb('c.active', '=', false);
    case 'expired':
      return eb.and([eb('c.active', '=', true), expired]);
    case 'used_up':
      return eb.and([eb('c.active', '=', true), eb.not(expired), usedUp]);
    case 'active':
      return eb.and([eb('c.active', '=', true), eb.not(expired), eb.not(usedUp)]);
  }
}

function couponsWithFacts(db: Executor) {
  return db
    .selectFrom('coupons as c')
    .leftJoin('accounts as a', 'a.id', 'c.account_id')
    .selectAll('c')
    .select('a.email as account_email')
    .select((eb) =>
      eb
        .selectFrom('coupon_redemptions as r')
        .select(sql<string>`count(distinct r.account_id)`.as('n'))
        .whereRef('r.coupon_id', '=', 'c.id')
        .as('accounts_used'),
    );
}

/** One page of coupons, newest first; the search matches the code or a personal coupon's email. */
export async function pageOfCoupons(
  db: Executor,
  filter: CouponFilter,
  now: Date,
  page: number,
  pageSize: number,
) {
  let query = couponsWithFacts(db);
  const { status, q } = filter;
  if (status) query = query.where((eb) => inStatus(eb, status, now));
  if (q) {
    const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) => eb.or([eb('c.code', 'ilike', pattern), eb('a.email', 'ilike', pattern)]));
  }
  const [rows, count] = await Promise.all([
    query
      .orderBy('c.id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    query
      .clearSelect()
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export type CouponFactsRow = Awaited<ReturnType<typeof pageOfCoupons>>['rows'][number];

export function findCouponWithFacts(db: Executor, id: number): Promise<CouponFactsRow | undefined> {
  return couponsWithFacts(db).where('c.id', '=', id).executeTakeFirst();
}

/** One page of a coupon's uses per account (orders not cancelled), most uses first. */
export async function pageOfCouponUses(db: Executor, couponId: number, page: number, pageSize: number) {
  const uses = db
    .selectFrom('coupon_redemptions as r')
    .innerJoin('accounts as a', 'a.id', 'r.account_id')
    .innerJoin('orders as o', 'o.id', 'r.order_id')
    .where('r.coupon_id', '=', couponId);
  const [rows, count] = await Promise.all([
    uses
      .select(['r.account_id', 'a.email'])
      .select((eb) => [eb.fn.countAll<string>().as('uses'), eb.fn.max('o.created_at').as('last_used_at')])
      .groupBy(['r.account_id', 'a.email'])
      .orderBy('uses', 'desc')
      .orderBy('r.account_id')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    uses.select(sql<string>`count(distinct r.account_id)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}
