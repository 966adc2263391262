import { parseUsdToCents } from '@resiport/contract';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { insertCoupon, listCoupons, setCouponActive, type CouponRow } from './coupon.repository';

/** Operator edits of coupons (`npm run admin -- coupon …`); every input is checked before anything is written. */

export interface CouponInput {
  code: string;
  /** "10%" for a percent coupon, "5.00" for a fixed USD amount. */
  discount: string;
  /** ISO date or date-time (UTC); none for no expiry. */
  expires?: string;
  maxUses?: string;
  perAccount?: string;
  accountId?: number;
}

function positiveInt(text: string | undefined, what: string): number | null {
  if (text === undefined) return null;
  if (!/^\d{1,9}$/.test(text) || Number(text) < 1) throw new Error(`${what} must be a whole number ≥ 1`);
  return Number(text);
}

function discountOf(text: string): { kind: 'percent' | 'fixed'; value: bigint } {
  const percent = /^(\d{1,3})%$/.exec(text);
  if (percent) {
    const value = Number(percent[1]);
    if (value < 1 || value > 100) throw new Error('a percent discount is 1%–100%');
    return { kind: 'percent', value: BigInt(value) };
  }
  const cents = parseUsdToCents(text);
  if (cents === undefined || cents < 1) {
    throw new Error(`discount: "10%" or a USD amount like "5.00", not ${text}`);
  }
  return { kind: 'fixed', value: BigInt(cents) };
}

function expiryOf(text: string | undefined): Date | null {
  if (text === undefined) return null;
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(text) ? `${text}T23:59:59Z` : text);
  if (Number.isNaN(date.getTime())) {
    throw new Error(`not a date: ${text} (use 2026-12-31 or an ISO date-time)`);
  }
  return date;
}

export async function createCoupon(db: Db, input: CouponInput): Promise<CouponRow> {
  if (!/^[A-Za-z0-9_-]{3,32}$/.test(input.code)) throw new Error('coupon code: 3-32 of A-Z 0-9 _ -');
  const coupon = insertCoupon(db, {
    code: input.code,
    ...discountOf(input.discount),
    expires_at: expiryOf(input.expires),
    max_uses: positiveInt(input.maxUses, 'max uses'),
    max_uses_per_account: positiveInt(input.perAccount, 'uses per account'),
    account_id: input.accountId ?? null,
  });
  return coupon.catch((error: unknown) => {
    if (isUniqueViolation(error)) throw new Error(`a coupon ${input.code.toUpperCase()} already exists`);
    throw error;
  });
}

export async function disableCoupon(db: Db, code: string): Promise<void> {
  if (!(await setCouponActive(db, code, false))) throw new Error(`no coupon ${code}`);
}

export function allCoupons(db: Db): Promise<CouponRow[]> {
  return listCoupons(db);
}
export type { CouponRow } from './coupon.repository';
