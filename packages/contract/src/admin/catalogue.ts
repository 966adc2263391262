import { z } from 'zod';
import { pageOf } from '../recharge';
import { defineEndpoint, noInput } from '../endpoint';
import { BYTES_PER_GB } from '../money';
import { couponKinds, flagSchema, gbQuantitySchema, priceTierSchema } from '../orders';
import { emailSchema, MAX_ROW_ID, rowIdSchema } from '../rules';
import { isCalendarDate } from '../traffic';
import { adminPageQuery, reasonSchema, searchText } from './common';

/**
 * The catalogue page of the operator console (docs/product.md#operator-console): per-GB price tiers, packages (the trial
 * among them) and coupons. Every change takes effect on the next request of every API process
 * (nothing caches the catalogue) and writes an audit row with the operator's reason. The shapes are
 * checked here; the business rules (a price above zero, a percent of 1–100, …) are checked by the
 * server, each with its own code (10070–10079), since the command line goes through them too.
 */

/** The 1 GB tier is the base price: while it stays every quantity has a price (10070 refuses removing it). */
export const BASE_TIER_GB = 1;
/** The largest price per GB, package price or fixed discount: 100,000 USD. */
export const MAX_CATALOGUE_CENTS = 10_000_000;
/** The largest package: 100,000 GB. */
export const MAX_PACKAGE_BYTES = 100_000 * BYTES_PER_GB;
export const COUPON_PERCENT_MIN = 1;
export const COUPON_PERCENT_MAX = 100;
/** Package codes name the package's text (`package.<code>`) in the portal's locale files. */
export const packageCodePattern = /^[a-z0-9_-]{2,32}$/;
/** Coupon codes are stored upper-case; customers may type any case. */
export const couponCodePattern = /^[A-Za-z0-9_-]{3,32}$/;

/** A coupon expiring on a UTC day works until the end of that day. */
export function couponExpiryOf(day: string): Date {
  return new Date(`${day}T23:59:59Z`);
}

const invalid = { error: 'validation.invalid' } as const;

/** A whole number from a form field (zod takes safe integers only); the server checks its range with the rule's own code. */
const wholeNumber = () => z.coerce.number<number | string>(invalid).int(invalid);

/** An optional limit: empty means none (null); otherwise a whole number of at least 1. */
const optionalLimit = z
  .union([z.literal(''), z.null(), z.coerce.number<number | string>().int().min(1).max(1e9)], invalid)
  .transform((value) => (value === '' || value === null ? null : value));

/** An optional expiry day (`YYYY-MM-DD`, UTC); empty means the coupon never expires (null). */
const optionalExpiryDay = z
  .union([z.literal(''), z.null(), z.string().refine(isCalendarDate)], { error: 'validation.date' })
  .transform((value) => (value === '' || value === null ? null : value));

/** Who a personal coupon is for: an account id or an email (an unknown account is 10009). */
const accountRefSchema = z
  .string()
  .trim()
  .max(254, { error: 'validation.tooLong' })
  .transform((text, ctx): { id: number } | { email: string } | null => {
    if (text === '') return null;
    if (/^\d{1,10}$/.test(text) && Number(text) <= MAX_ROW_ID) return { id: Number(text) };
    const email = emailSchema.safeParse(text);
    if (email.success) return { email: email.data };
    ctx.addIssue({ code: 'custom', message: 'validation.invalid' });
    return z.NEVER;
  });

// ——— price tiers ———

export const adminTierSetBody = z.object({
  min_gb: gbQuantitySchema,
  price_per_gb_cents: wholeNumber(),
  reason: reasonSchema,
});
export const adminTierRemoveBody = z.object({ min_gb: gbQuantitySchema, reason: reasonSchema });

// ——— packages ———

export const adminPackageSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  traffic_bytes: z.number().int(),
  price_cents: z.number().int(),
  is_trial: z.boolean(),
  active: z.boolean(),
  /** Orders placed with it (cancelled ones not counted). */
  order_count: z.number().int(),
});
export type AdminPackage = z.infer<typeof adminPackageSchema>;

const packageFields = {
  code: z.string().trim().regex(packageCodePattern, invalid),
  traffic_bytes: wholeNumber(),
  price_cents: wholeNumber(),
  is_trial: flagSchema,
  active: flagSchema,
  reason: reasonSchema,
};
export const adminPackageCreateBody = z.object(packageFields);
export const adminPackageUpdateBody = z.object({ id: rowIdSchema(), ...packageFields });
export const adminPackageActiveBody = z.object({
  id: rowIdSchema(),
  active: flagSchema,
  reason: reasonSchema,
});

// ——— coupons ———

export const couponStatuses = ['active', 'expired', 'used_up', 'disabled'] as const;
export type CouponStatus = (typeof couponStatuses)[number];

export const adminCouponSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  kind: z.enum(couponKinds),
  /** Percent (1–100) for `percent`, cents for `fixed`. */
  value: z.number().int(),
  expires_at: z.string().nullable(),
  max_uses: z.number().int().nullable(),
  max_uses_per_account: z.number().int().nullable(),
  /** A personal coupon's account; null for everyone. */
  account_id: z.number().int().nullable(),
  account_email: z.string().nullable(),
  /** Uses so far (orders that took it and were not cancelled). */
  uses: z.number().int(),
  /** How many accounts those uses came from. */
  accounts_used: z.number().int(),
  active: z.boolean(),
  /** Whether a customer can use it now: disabled, expired, used up, or active. */
  status: z.enum(couponStatuses),
  created_at: z.string(),
});
export type AdminCoupon = z.infer<typeof adminCouponSchema>;

export const adminCouponListQuery = adminPageQuery.extend({
  /** Matches the code or a personal coupon's email. */
  q: searchText,
  status: z.enum(couponStatuses, invalid).optional(),
});

export const couponUseSchema = z.object({
  account_id: z.number().int(),
  email: z.string(),
  uses: z.number().int(),
  last_used_at: z.string(),
});
export type CouponUse = z.infer<typeof couponUseSchema>;

export const adminCouponCreateBody = z.object({
  code: z.string().trim().regex(couponCodePattern, invalid),
  kind: z.enum(couponKinds, invalid),
  /** Percent (1–100) for `percent`, cents for `fixed`. */
  value: wholeNumber(),
  expires_on: optionalExpiryDay.optional(),
  max_uses: optionalLimit.optional(),
  max_uses_per_account: optionalLimit.optional(),
  account: accountRefSchema.optional(),
  reason: reasonSchema,
});

/** Only what is sent changes: an absent field stays as it is, an empty one is cleared. */
export const adminCouponUpdateBody = z.object({
  id: rowIdSchema(),
  expires_on: optionalExpiryDay.optional(),
  max_uses: optionalLimit.optional(),
  max_uses_per_account: optionalLimit.optional(),
  active: flagSchema.optional(),
  reason: reasonSchema,
});

export const adminCatalogueEndpoints = {
  tiers: defineEndpoint({
    method: 'GET',
    path: '/admin/catalogue/tiers',
    auth: 'operator',
    request: noInput,
    response: z.object({ list: z.array(priceTierSchema) }),
    summary: 'Every per-GB price tier, by quantity.',
  }),
  tierSet: defineEndpoint({
    method: 'POST',
    path: '/admin/catalogue/tier/set',
    auth: 'operator',
    request: adminTierSetBody,
    response: priceTierSchema,
    summary: 'Adds a tier or changes its price (10071 a price not above zero).',
  }),
  tierRemove: defineEndpoint({
    method: 'POST',
    path: '/admin/catalogue/tier/remove',
    auth: 'operator',
    request: adminTierRemoveBody,
    response: z.object({ min_gb: z.number().int() }),
    summary: 'Removes a tier (10070 the 1 GB base tier stays; 10009 no such tier).',
  }),
  packages: defineEndpoint({
    method: 'GET',
    path: '/admin/catalogue/packages',
    auth: 'operator',
    request: noInput,
    response: z.object({ list: z.array(adminPackageSchema) }),
    summary: 'Every package, inactive and trial ones too, with how many orders used each.',
  }),
  packageCreate: defineEndpoint({
    method: 'POST',
    path: '/admin/catalogue/package/create',
    auth: 'operator',
    request: adminPackageCreateBody,
    response: adminPackageSchema,
    summary: 'Adds a package (10072 code taken, 10073 traffic, 10074 price).',
  }),
  packageUpdate: defineEndpoint({
    method: 'POST',
    path: '/admin/catalogue/package/update',
    auth: 'operator',
    request: adminPackageUpdateBody,
    response: adminPackageSchema,
    summary: 'Changes a package; orders already placed keep their own amounts.',
  }),
  packageActive: defineEndpoint({
    method: 'POST',
    path: '/admin/catalogue/package/active',
    auth: 'operator',
    request: adminPackageActiveBody,
    response: adminPackageSchema,
    summary: 'Disables a package (no longer sold) or enables it again.',
  }),
  coupons: defineEndpoint({
    method: 'GET',
    path: '/admin/catalogue/coupons',
    auth: 'operator',
    request: adminCouponListQuery,
    response: pageOf(adminCouponSchema),
    summary: 'Coupons, newest first, with their uses; filter by status or search by code or email.',
  }),
  couponUses: defineEndpoint({
    method: 'GET',
    path: '/admin/catalogue/coupon/uses',
    auth: 'operator',
    request: adminPageQuery.extend({ id: rowIdSchema() }),
    response: pageOf(couponUseSchema),
    summary: "A coupon's uses per account, most uses first.",
  }),
  couponCreate: defineEndpoint({
    method: 'POST',
    path: '/admin/catalogue/coupon/create',
    auth: 'operator',
    request: adminCouponCreateBody,
    response: adminCouponSchema,
    summary: 'Creates a coupon, percent or fixed, optionally personal (10075 code taken, 10076–10079 terms).',
  }),
  couponUpdate: defineEndpoint({
    method: 'POST',
    path: '/admin/catalogue/coupon/update',
    auth: 'operator',
    request: adminCouponUpdateBody,
    response: adminCouponSchema,
    summary: "Changes a coupon's expiry, limits or active flag (10078 a limit below its uses).",
  }),
  couponDisable: defineEndpoint({
    method: 'POST',
    path: '/admin/catalogue/coupon/disable',
    auth: 'operator',
    request: z.object({ id: rowIdSchema(), reason: reasonSchema }),
    response: adminCouponSchema,
    summary: 'Stops a coupon from being used; orders already placed keep their discount.',
  }),
};
