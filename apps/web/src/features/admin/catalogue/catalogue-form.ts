import { centsToUsd, parseGbToBytes, parseUsdToCents, ResultCode } from '@resiport/contract';
import type { FormRule } from 'antd';
import type { FieldByCode } from '../../../lib/form-errors';
import { validationTexts } from '../../../lib/form-rules-localized';
import { exactGbText, normalizeGbText } from '../../../lib/gb-text';

/**
 * What the catalogue forms read and write: USD and GB typed as text (a decimal comma too), sent as
 * the contract's cents and bytes. The forms check only the format; the ranges are the server's
 * rules, and its refusal lands on the field it is about (the `…FieldByCode` maps).
 */

export const usdTextOf = (cents: number) => centsToUsd(cents);
export const gbTextOf = (bytes: number) => exactGbText(bytes);

export function centsOf(text: string | undefined): number | undefined {
  return parseUsdToCents(normalizeGbText(text));
}

export function bytesOf(text: string | undefined): number | undefined {
  return parseGbToBytes(normalizeGbText(text));
}

/** A whole number typed in a field; undefined when it is not one. */
export function wholeOf(text: string | undefined): number | undefined {
  const trimmed = (text ?? '').trim();
  return /^\d{1,9}$/.test(trimmed) ? Number(trimmed) : undefined;
}

function formatRule(read: (text: string | undefined) => number | undefined, message: string): FormRule {
  return {
    required: true,
    validator: async (_rule, value: string | undefined) => {
      if ((value ?? '').trim() === '') throw new Error(validationTexts['validation.required']);
      if (read(value) === undefined) throw new Error(message);
    },
  };
}

/** An optional limit: empty, or a whole number. */
const optionalWholeRule: FormRule = {
  validator: async (_rule, value: string | undefined) => {
    if ((value ?? '').trim() !== '' && wholeOf(value) === undefined) {
      throw new Error(validationTexts['validation.invalid']);
    }
  },
};

export const catalogueRules = {
  usd: [formatRule(centsOf, validationTexts['validation.amount'])],
  gb: [formatRule(bytesOf, validationTexts['validation.traffic'])],
  whole: [formatRule(wholeOf, validationTexts['validation.invalid'])],
  optionalWhole: [optionalWholeRule],
} satisfies Record<string, FormRule[]>;

export const tierFieldByCode: FieldByCode = { [ResultCode.TierPriceInvalid]: 'price' };

export const packageFieldByCode: FieldByCode = {
  [ResultCode.PackageCodeTaken]: 'code',
  [ResultCode.PackageTrafficInvalid]: 'gb',
  [ResultCode.PackagePriceInvalid]: 'usd',
};

export const couponFieldByCode: FieldByCode = {
  [ResultCode.CouponCodeTaken]: 'code',
  [ResultCode.CouponPercentInvalid]: 'value',
  [ResultCode.CouponFixedInvalid]: 'value',
  [ResultCode.CouponExpiryPast]: 'expires_on',
  [ResultCode.CouponLimitBelowUses]: 'max_uses',
  // The only thing a coupon form names that may not exist: the personal coupon's account.
  [ResultCode.NotFound]: 'account',
};
