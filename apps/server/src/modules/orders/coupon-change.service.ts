import {
  COUPON_PERCENT_MAX,
  COUPON_PERCENT_MIN,
  couponCodePattern,
  MAX_CATALOGUE_CENTS,
  type OperatorAction,
} from '@resiport/contract';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { AppError } from '../../errors';
import { recordOperatorAction, type Actor } from '../audit/audit.service';
import type { Reasoned } from './catalog-change.service';
import { changedFields } from './changed-fields';
import {
  findAccountIdBy,
  insertCoupon,
  lockCoupon,
  updateCoupon,
  type CouponRow,
  type CouponSettings,
} from './coupon.repository';

/**
 * Operator changes of coupons: the console and the command line (`npm run admin -- coupon …`) both
 * come here. Every rule is checked before anything is written; the change and its audit row commit
 * together. Customers' orders read the coupon row itself, so a change applies to the next order.
 */

export interface NewCouponTerms extends Reasoned {
  code: string;
  kind: 'percent' | 'fixed';
  /** Percent (1–100) or cents. */
  value: bigint;
  expiresAt: Date | null;
  maxUses: number | null;
  maxUsesPerAccount: number | null;
  /** A personal coupon's account, by id or email; null for everyone. */
  account: { id: number } | { email: string } | null;
}

function checkDiscount(kind: NewCouponTerms['kind'], value: bigint): void {
  if (kind === 'percent' && (value < COUPON_PERCENT_MIN || value > COUPON_PERCENT_MAX)) {
    throw new AppError('CouponPercentInvalid');
  }
  if (kind === 'fixed' && (value < 1n || value > BigInt(MAX_CATALOGUE_CENTS))) {
    throw new AppError('CouponFixedInvalid');
  }
}

function checkLimits(settings: CouponSettings): void {
  for (const limit of [settings.max_uses, settings.max_uses_per_account]) {
    if (limit !== undefined && limit !== null && (!Number.isInteger(limit) || limit < 1)) {
      throw new AppError('ValidationFailed');
    }
  }
}

export async function addCoupon(db: Db, actor: Actor, terms: NewCouponTerms, now: Date): Promise<CouponRow> {
  const code = terms.code.toUpperCase();
  if (!couponCodePattern.test(code)) throw new AppError('ValidationFailed');
  checkDiscount(terms.kind, terms.value);
  if (terms.expiresAt && terms.expiresAt <= now) throw new AppError('CouponExpiryPast');
  const limits = { max_uses: terms.maxUses, max_uses_per_account: terms.maxUsesPerAccount };
  checkLimits(limits);
  return db
    .transaction()
    .execute(async (trx) => {
      const accountId = terms.account ? await findAccountIdBy(trx, terms.account) : null;
      if (accountId === undefined) throw new AppError('NotFound');
      const values = {
        code,
        kind: terms.kind,
        value: terms.value,
        expires_at: terms.expiresAt,
        ...limits,
        account_id: accountId,
      };
      const coupon = await insertCoupon(trx, values);
      await recordOperatorAction(trx, {
        actor,
        action: 'catalogue.coupon_create',
        target: { type: 'coupon', id: coupon.id },
        accountId,
        after: values,
        reason: terms.reason,
      });
      return coupon;
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) throw new AppError('CouponCodeTaken', { code });
      throw error;
    });
}

/**
 * Changes a coupon's expiry, limits or active flag; fields left undefined stay as they are. The
 * coupon row is locked, so an order taking a use meanwhile is counted before the new limit is checked.
 */
export function editCoupon(
  db: Db,
  actor: Actor,
  change: Reasoned & CouponSettings & { id: number },
  now: Date,
): Promise<CouponRow> {
  const { id, reason, ...settings } = change;
  return changeCoupon(db, actor, 'catalogue.coupon_update', id, settings, reason, now);
}

/** Stops a coupon from being used; orders already placed keep their discount. */
export function deactivateCoupon(db: Db, actor: Actor, change: Reasoned & { id: number }, now: Date) {
  return changeCoupon(
    db,
    actor,
    'catalogue.coupon_disable',
    change.id,
    { active: false },
    change.reason,
    now,
  );
}

async function changeCoupon(
  db: Db,
  actor: Actor,
  action: Extract<OperatorAction, 'catalogue.coupon_update' | 'catalogue.coupon_disable'>,
  id: number,
  settings: CouponSettings,
  reason: string | null,
  now: Date,
): Promise<CouponRow> {
  checkLimits(settings);
  return db.transaction().execute(async (trx) => {
    const coupon = await lockCoupon(trx, id);
    if (!coupon) throw new AppError('NotFound');
    const diff = changedFields(coupon, settings);
    if (!diff) return coupon;
    const { max_uses: maxUses, expires_at: expiresAt } = diff.after;
    if (maxUses !== undefined && maxUses !== null && maxUses < coupon.uses) {
      throw new AppError('CouponLimitBelowUses', { uses: coupon.uses });
    }
    if (expiresAt && expiresAt <= now) throw new AppError('CouponExpiryPast');
    const changed = await updateCoupon(trx, id, diff.after);
    await recordOperatorAction(trx, {
      actor,
      action,
      target: { type: 'coupon', id },
      accountId: coupon.account_id,
      ...diff,
      reason,
    });
    return changed;
  });
}
