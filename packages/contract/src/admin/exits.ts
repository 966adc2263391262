import { z } from 'zod';
import { COUNTRY_CODES } from '../countries';
import { pageOf } from '../recharge';
import { defineEndpoint } from '../endpoint';
import { flagSchema } from '../orders';
import type { ValidationMessageKey } from '../validation-messages';
import { adminPageQuery, reasonSchema, searchText } from './common';

/**
 * The exit pool in the console (decision 030): the upstream exits gateways route through,
 * kept in the database (a pool file only seeds it). Changes reach running gateways through the change
 * feed; gateways report each exit's health and the bytes it carried. Credentials are write-only:
 * the console sends a password to set one and never gets one back (`has_password`).
 */

const key = (k: ValidationMessageKey) => ({ error: k });

export const exitTypes = ['direct', 'http', 'socks5'] as const;
export type ExitType = (typeof exitTypes)[number];

/** A form's empty field (or null) is "not given". */
const blankToUndefined = (value: unknown) =>
  value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value;
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());

/** The exit's stable name (sticky sessions hash it; logs and metrics name it): never changes. */
export const exitIdSchema = z
  .string(key('validation.required'))
  .trim()
  .regex(/^[\w.-]{1,64}$/, key('validation.exitId'));

const hostSchema = z
  .string()
  .trim()
  .max(253, key('validation.tooLong'))
  .regex(/^[\w.:[\]-]+$/, key('validation.invalid'));
const portSchema = z.coerce
  .number<number | string>(key('validation.port'))
  .int(key('validation.port'))
  .min(1, key('validation.port'))
  .max(65535, key('validation.port'));
/** Basic auth cannot carry a `:` in the username. */
const usernameSchema = z
  .string()
  .trim()
  .max(255, key('validation.tooLong'))
  .regex(/^[^:\s]+$/, key('validation.invalid'));
/** Not trimmed: a password is used exactly as typed. */
const passwordSchema = z.string().max(255, key('validation.tooLong'));
/** ISO 3166-1 alpha-2, any case in, lower case out. */
const countrySchema = z
  .string()
  .trim()
  .toLowerCase()
  .refine((code) => COUNTRY_CODES.includes(code), key('validation.country'));
/** As the username grammar writes places: `New York` becomes `new_york`. */
const placeSchema = z
  .string()
  .trim()
  .toLowerCase()
  .transform((name) => name.replace(/\s+/g, '_'))
  .pipe(z.string().regex(/^[a-z0-9_]{1,64}$/, key('validation.placeName')));
const russianName = z.string().trim().max(100, key('validation.tooLong'));

/**
 * Everything an operator sets on an exit except its id and password. The console posts a form: an
 * empty field is left out, numbers and flags arrive as text.
 */
const exitSettings = z.object({
  type: z.enum(exitTypes, key('validation.invalid')),
  /** Upstream proxy address (http/socks5 only). */
  host: optional(hostSchema),
  port: optional(portSchema),
  username: optional(usernameSchema),
  country: optional(countrySchema),
  state: optional(placeSchema),
  city: optional(placeSchema),
  state_ru: optional(russianName),
  city_ru: optional(russianName),
  /** The upstream gets the customer's targeting and session in its username (docs/architecture.md#gateway-principles). */
  forward_targeting: z.union([z.boolean(), flagSchema]).default(false),
  /** Relative share of rotating traffic. */
  weight: z.coerce
    .number<number | string>(key('validation.weight'))
    .int(key('validation.weight'))
    .min(1, key('validation.weight'))
    .max(1000, key('validation.weight'))
    .default(1),
  reason: reasonSchema,
});

export const exitCreateBody = exitSettings.extend({ id: exitIdSchema, password: optional(passwordSchema) });
/**
 * The exit's whole new state (a field left out is cleared), except the password: left out, the
 * stored one is kept — unless the username is cleared, which clears its password too.
 */
export const exitUpdateBody = exitSettings.extend({ id: exitIdSchema, password: optional(passwordSchema) });
export const exitToggleBody = z.object({ id: exitIdSchema, reason: reasonSchema });

export const exitListQuery = adminPageQuery.extend({
  /** Matches the id, the host and the country, state or city tag. */
  q: searchText,
});

/**
 * `ok`: gateways use it without failures; `failing`: its last attempts failed; `resting`: a gateway
 * rests it after a failure (rotating traffic avoids it); `unknown`: no gateway reported it lately.
 */
export const exitHealthStatuses = ['ok', 'failing', 'resting', 'unknown'] as const;
export type ExitHealthStatus = (typeof exitHealthStatuses)[number];

export const adminExitSchema = z.object({
  id: z.string(),
  type: z.enum(exitTypes),
  host: z.string().nullable(),
  port: z.number().int().nullable(),
  username: z.string().nullable(),
  /** A password is stored (never sent back). */
  has_password: z.boolean(),
  country: z.string().nullable(),
  state: z.string().nullable(),
  city: z.string().nullable(),
  state_ru: z.string().nullable(),
  city_ru: z.string().nullable(),
  forward_targeting: z.boolean(),
  weight: z.number().int(),
  enabled: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  /** What gateways reported lately (the worst of them), over every gateway that reported recently. */
  health: z.object({
    status: z.enum(exitHealthStatuses),
    consecutive_failures: z.number().int(),
    last_error: z.string().nullable(),
    last_error_at: z.string().nullable(),
    resting_until: z.string().nullable(),
    /** The newest report, and the gateway process that sent it. */
    reported_at: z.string().nullable(),
    reported_by: z.string().nullable(),
    /** Gateway processes that reported it recently. */
    gateways: z.number().int(),
  }),
  /** Bytes customers moved through it (as billed), in UTC days: today, the last 7 and 30 days. */
  carried: z.object({
    today_bytes: z.number().int(),
    week_bytes: z.number().int(),
    month_bytes: z.number().int(),
  }),
});
export type AdminExit = z.infer<typeof adminExitSchema>;

export const adminExitsEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/admin/exits',
    auth: 'operator',
    request: exitListQuery,
    response: pageOf(adminExitSchema),
    summary: 'The exit pool with health and bytes carried (operators only).',
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/admin/exits/create',
    auth: 'operator',
    request: exitCreateBody,
    response: adminExitSchema,
    summary: 'Adds an exit; running gateways use it within seconds.',
  }),
  update: defineEndpoint({
    method: 'POST',
    path: '/admin/exits/update',
    auth: 'operator',
    request: exitUpdateBody,
    response: adminExitSchema,
    summary: "Changes an exit's address, credentials, tags or weight.",
  }),
  disable: defineEndpoint({
    method: 'POST',
    path: '/admin/exits/disable',
    auth: 'operator',
    request: exitToggleBody,
    response: adminExitSchema,
    summary: 'Takes an exit out of the pool (its open tunnels close).',
  }),
  enable: defineEndpoint({
    method: 'POST',
    path: '/admin/exits/enable',
    auth: 'operator',
    request: exitToggleBody,
    response: adminExitSchema,
    summary: 'Puts a disabled exit back into the pool.',
  }),
};
