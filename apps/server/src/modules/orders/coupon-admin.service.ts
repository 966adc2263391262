import { couponCodePattern, couponExpiryOf, parseUsdToCents } from '@resiport/contract';
import type { Db } from '../../db/database';
import { inEnglish } from '../../lib/in-english';
import { commandLine } from '../audit/audit.service';
import { addCoupon, deactivateCoupon } from './coupon-change.service';
import { findCouponByCode, listCoupons, type CouponRow } from './coupon.repository';

/**
 * The command line's coupon edits (`npm run admin -- coupon …`): its text arguments ("10%", "5.00",
 * "2026-12-31") read into the console's own change services, which check the rules and write the
 * audit row.
 */

export interface CouponInput {
  code: string;
  /** "10%" for a percent coupon, "5.00" for a fixed USD amount. */
  discount: string;
  /** ISO date or date-time (UTC); none for no expiry. */
  expires?: string;
  maxUses?: string;
  perAccount?: string;
  accountId?: number;
  reason?: string;
}

function positiveInt(text: string | undefined, what: string): number | null {
  if (text === undefined) return null;
  if (!/^\d{1,9}$/.test(text) || Number(text) < 1) throw new Error(`${what} must be a whole number ≥ 1`);
  return Number(text);
}

/** The discount as typed; its range (1–100 %, at least a cent) is the change service's rule. */
function discountOf(text: string): { kind: 'percent' | 'fixed'; value: bigint } {
  const percent = /^(\d{1,3})%$/.exec(text);
  if (percent) return { kind: 'percent', value: BigInt(percent[1] ?? '0') };
  const cents = parseUsdToCents(text);
  if (cents === undefined) throw new Error(`discount: "10%" or a USD amount like "5.00", not ${text}`);
  return { kind: 'fixed', value: BigInt(cents) };
}

function expiryOf(text: string | undefined): Date | null {
  if (text === undefined) return null;
  const date = /^\d{4}-\d{2}-\d{2}$/.test(text) ? couponExpiryOf(text) : new Date(text);
  if (Number.isNaN(date.getTime())) {
    throw new Error(`not a date: ${text} (use 2026-12-31 or an ISO date-time)`);
  }
  return date;
}

export async function createCoupon(db: Db, input: CouponInput): Promise<CouponRow> {
  if (!couponCodePattern.test(input.code)) throw new Error('coupon code: 3-32 of A-Z 0-9 _ -');
  const terms = {
    code: input.code,
    ...discountOf(input.discount),
    expiresAt: expiryOf(input.expires),
    maxUses: positiveInt(input.maxUses, 'max uses'),
    maxUsesPerAccount: positiveInt(input.perAccount, 'uses per account'),
    account: input.accountId === undefined ? null : { id: input.accountId },
    reason: input.reason ?? null,
  };
  return inEnglish(addCoupon(db, commandLine, terms, new Date()));
}

export async function disableCoupon(db: Db, code: string, reason?: string): Promise<void> {
  const coupon = await findCouponByCode(db, code);
  if (!coupon) throw new Error(`no coupon ${code}`);
  await inEnglish(deactivateCoupon(db, commandLine, { id: coupon.id, reason: reason ?? null }, new Date()));
}

export function allCoupons(db: Db): Promise<CouponRow[]> {
  return listCoupons(db);
}
export type { CouponRow } from './coupon.repository';
