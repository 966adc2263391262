import { ResultCode } from '@resiport/contract';

/** Answers that say the coupon (not the order) is the problem: they belong on the coupon field. */
const couponCodes: readonly number[] = [
  ResultCode.CouponInvalid,
  ResultCode.CouponExpired,
  ResultCode.CouponUsedUp,
  ResultCode.CouponAlreadyUsed,
];

export function isCouponCode(code: number | null | undefined): boolean {
  return code !== null && code !== undefined && couponCodes.includes(code);
}
