import { sql, type Selectable, type Transaction } from 'kysely';
import type { Executor } from '../../db/database';
import type { Database } from '../../db/database.types';
import type { CouponsTable } from './coupon.table';

export type CouponRow = Selectable<CouponsTable>;

export function findCouponByCode(db: Executor, code: string): Promise<CouponRow | undefined> {
  return db.selectFrom('coupons').selectAll().where('code', '=', code.toUpperCase()).executeTakeFirst();
}

export async function countAccountUses(db: Executor, couponId: number, accountId: number): Promise<number> {
  const row = await db
    .selectFrom('coupon_redemptions')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('coupon_id', '=', couponId)
    .where('account_id', '=', accountId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Takes one use of a coupon if it is still usable at `now`. The conditional UPDATE locks the
 * coupon row, so concurrent orders queue here and the last use goes to exactly one of them.
 */
export function takeCouponUse(
  trx: Transaction<Database>,
  couponId: number,
  now: Date,
): Promise<CouponRow | undefined> {
  return trx
    .updateTable('coupons')
    .set({ uses: sql`uses + 1` })
    .where('id', '=', couponId)
    .where('active', '=', true)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .where((eb) => eb.or([eb('max_uses', 'is', null), eb('uses', '<', eb.ref('max_uses'))]))
    .returningAll()
    .executeTakeFirst();
}

export async function recordRedemption(
  trx: Transaction<Database>,
  values: { orderId: number; couponId: number; accountId: number },
): Promise<void> {
  await trx
    .insertInto('coupon_redemptions')
    .values({ order_id: values.orderId, coupon_id: values.couponId, account_id: values.accountId })
    .execute();
}

/** Gives an order's coupon use back (its order was cancelled before it was paid). */
export async function releaseRedemption(trx: Transaction<Database>, orderId: number): Promise<void> {
  const released = await trx
    .deleteFrom('coupon_redemptions')
    .where('order_id', '=', orderId)
    .returning('coupon_id')
    .executeTakeFirst();
  if (!released) return;
  await trx
    .updateTable('coupons')
    .set({ uses: sql`uses - 1` })
    .where('id', '=', released.coupon_id)
    .execute();
}

export interface NewCoupon {
  code: string;
  kind: 'percent' | 'fixed';
  value: bigint;
  expires_at: Date | null;
  max_uses: number | null;
  max_uses_per_account: number | null;
  account_id: number | null;
}

export async function insertCoupon(db: Executor, coupon: NewCoupon): Promise<CouponRow> {
  return db
    .insertInto('coupons')
    .values({ ...coupon, code: coupon.code.toUpperCase() })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The coupon as it is, locked until the transaction ends (orders taking a use wait behind it). */
export function lockCoupon(trx: Transaction<Database>, id: number): Promise<CouponRow | undefined> {
  return trx.selectFrom('coupons').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/** What an operator may change on an existing coupon. */
export type CouponSettings = Partial<
  Pick<CouponRow, 'expires_at' | 'max_uses' | 'max_uses_per_account' | 'active'>
>;

export function updateCoupon(db: Executor, id: number, settings: CouponSettings): Promise<CouponRow> {
  return db
    .updateTable('coupons')
    .set(settings)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function listCoupons(db: Executor): Promise<CouponRow[]> {
  return db.selectFrom('coupons').selectAll().orderBy('id').execute();
}

/** The account a personal coupon is for, by id or email; undefined when there is none. */
export async function findAccountIdBy(
  db: Executor,
  ref: { id: number } | { email: string },
): Promise<number | undefined> {
  const query = db.selectFrom('accounts').select('id');
  const row = await (
    'id' in ref ? query.where('id', '=', ref.id) : query.where('email', '=', ref.email.toLowerCase())
  ).executeTakeFirst();
  return row?.id;
}
