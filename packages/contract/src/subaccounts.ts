import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { BYTES_PER_MB, trafficGbSchema } from './money';
import { rowIdSchema } from './rules';
import { idempotencyKeySchema, pageQuery } from './recharge';
import { subLimitsBody, subLimitsFields, subLimitsView } from './subaccount-limits';
import { subRefillBody, subRefillView } from './subaccount-refill';
import { subAlertsBody } from './alerts';

/**
 * Sub-accounts (docs/product.md#sub-accounts): proxy users of one customer, each with its own traffic.
 * Paths are relative to `/api`. The original GET calls that change state also accept POST (docs/architecture.md#api-conventions).
 */

export const SUB_USERNAME_MIN = 12;
export const SUB_USERNAME_MAX = 24;
export const PROXY_PASSWORD_MIN = 8;
export const PROXY_PASSWORD_MAX = 32;
export const REMARK_MAX = 100;
/** How many live sub-accounts one customer may have. */
export const MAX_SUBACCOUNTS = 500;

/**
 * docs/product.md#validation: 12–24 characters, no special symbols — ASCII letters and digits only (so look-alike
 * Unicode letters are refused). Stored lower-case: proxy usernames are case-insensitive.
 */
export const subUsernameSchema = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, { error: 'validation.required' })
  .regex(/^[A-Za-z0-9]{12,24}$/, { error: 'validation.subUsername' })
  .transform((name) => name.toLowerCase());

/**
 * A chosen proxy password: 8–32 of letters, digits and `- _ . ~` — characters that never need
 * escaping in any proxy line format or URL (`:` and `@` would break `USER:PASS@HOST:PORT`).
 */
export const proxyPasswordSchema = z
  .string()
  .regex(/^[A-Za-z0-9._~-]{8,32}$/, { error: 'validation.proxyPassword' });

export const remarkSchema = z.string().trim().max(REMARK_MAX, { error: 'validation.tooLong' });

const idSchema = rowIdSchema();

export const subStatuses = ['active', 'disabled'] as const;

/**
 * How full a sub-account's traffic is (decision 025). `none`: it has never been given any
 * (allocated 0, e.g. just created without traffic) — neutral, nothing ran out. `empty`: it had
 * traffic and nothing is left, its proxies stop. `low`: under 100 MB left, or under 10% of what it was
 * given. The web and /user/info's counts both use this rule (the SQL in subaccount.repository.ts
 * spells the same thresholds).
 */
export const LOW_SUB_TRAFFIC_BYTES = 100 * BYTES_PER_MB;
export const LOW_SUB_TRAFFIC_PERCENT = 10;
export const subTrafficStates = ['ok', 'low', 'empty', 'none'] as const;
export type SubTrafficState = (typeof subTrafficStates)[number];

export function subTrafficStateOf(sub: {
  traffic_left_bytes: number;
  allocated_bytes: number;
}): SubTrafficState {
  const left = sub.traffic_left_bytes;
  if (left <= 0) return sub.allocated_bytes <= 0 ? 'none' : 'empty';
  if (left < LOW_SUB_TRAFFIC_BYTES || left * 100 < LOW_SUB_TRAFFIC_PERCENT * sub.allocated_bytes) {
    return 'low';
  }
  return 'ok';
}

/** The sub-accounts' part of the account's traffic, as /user/info reports it beside the main account's. */
export const subaccountsTrafficFields = {
  /** Every live sub-account's traffic left together; the account's total is this + `traffic_left_bytes`. */
  subaccounts_traffic_left_bytes: z.number().int(),
  /** Live sub-accounts, and how many of them are out of traffic (`subTrafficStateOf` = `empty`). */
  subaccounts_count: z.number().int(),
  subaccounts_empty_count: z.number().int(),
};

export const subAccountSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  /** Shown to the owner only (the generator needs it); never logged. */
  password: z.string(),
  remark: z.string(),
  /** allocated = left + used: what the main account has given it, net of recycling. */
  allocated_bytes: z.number().int(),
  traffic_left_bytes: z.number().int(),
  traffic_used_bytes: z.number().int(),
  status: z.enum(subStatuses),
  created_at: z.string(),
  ...subLimitsView,
  ...subRefillView,
  /** Its own alert thresholds (% used); null: the account's (decision 039). */
  alert_percents: z.array(z.number().int()).nullable(),
});
export type SubAccount = z.infer<typeof subAccountSchema>;

export const subListQuery = pageQuery.extend({
  search: z.string().trim().max(REMARK_MAX, { error: 'validation.tooLong' }).optional(),
  /** Only this sub-account (the edit page reads one this way); another account's id lists nothing. */
  id: rowIdSchema().optional(),
});

export const subListData = z.object({
  list: z.array(subAccountSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  /** The main account's traffic left, so the page can say what can still be allocated. */
  main_traffic_left_bytes: z.number().int(),
});

export const subAddBody = z.object({
  username: subUsernameSchema,
  /** Omitted or empty: a strong password is generated. */
  password: z.preprocess((v) => (v === '' ? undefined : v), proxyPasswordSchema.optional()),
  remark: remarkSchema.default(''),
  /** Initial traffic taken from the main account, in GB (optional). */
  traffic: z.preprocess((v) => (v === '' ? undefined : v), trafficGbSchema.optional()),
  ...subLimitsFields,
});

export const subPasswordBody = z.object({
  id: idSchema,
  password: z.preprocess((v) => (v === '' ? undefined : v), proxyPasswordSchema.optional()),
});

export const subRemarkBody = z.object({ id: idSchema, remark: remarkSchema });

export const subStatusBody = z.object({
  id: idSchema,
  status: z.enum(subStatuses, { error: 'validation.invalid' }),
});

export const trafficActions = ['allocate', 'recycle'] as const;

/**
 * Moves traffic between the main account and a sub-account: `allocate` gives `traffic` GB to the
 * sub-account, `recycle` takes it back. `request_id` (client-made, e.g. a UUID) is required: a
 * repeated request with the same id answers with the first result and moves nothing again.
 */
export const subTrafficBody = z.object({
  id: idSchema,
  action: z.enum(trafficActions, { error: 'validation.invalid' }),
  traffic: trafficGbSchema.refine((bytes) => bytes > 0, { error: 'validation.traffic' }),
  request_id: idempotencyKeySchema.unwrap(),
});

export const subIdBody = z.object({ id: idSchema });

/** `data` of a traffic move or deletion: the sub-account after it and the main account's traffic left. */
export const subTrafficData = z.object({
  sub: subAccountSchema,
  main_traffic_left_bytes: z.number().int(),
});

export const subDeleteData = z.object({
  id: z.number().int(),
  /** What went back to the main account. */
  recycled_bytes: z.number().int(),
  main_traffic_left_bytes: z.number().int(),
});

/** Sub-accounts (docs/product.md#sub-accounts): the original state-changing GET calls also take POST (docs/architecture.md#api-conventions). */
export const subEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/auth/sublist',
    auth: 'account',
    readOnly: true,
    request: subListQuery,
    response: subListData,
  }),
  add: defineEndpoint({
    method: 'POST',
    path: '/auth/passadd',
    auth: 'account',
    request: subAddBody,
    response: subAccountSchema,
  }),
  password: defineEndpoint({
    method: 'GET+POST',
    path: '/auth/passupdate',
    auth: 'account',
    request: subPasswordBody,
    response: subAccountSchema,
  }),
  remark: defineEndpoint({
    method: 'GET+POST',
    path: '/auth/remarkupdate',
    auth: 'account',
    request: subRemarkBody,
    response: subAccountSchema,
  }),
  traffic: defineEndpoint({
    method: 'GET+POST',
    path: '/auth/trafficupdate',
    auth: 'account',
    request: subTrafficBody,
    response: subTrafficData,
  }),
  /** The sub-account's caps, last day and connection limit (docs/product.md#sub-account-limits). */
  limits: defineEndpoint({
    method: 'POST',
    path: '/auth/limitsupdate',
    auth: 'account',
    request: subLimitsBody,
    response: subAccountSchema,
  }),
  /** Its auto-refill from the main account (docs/product.md#auto-refill). */
  refill: defineEndpoint({
    method: 'POST',
    path: '/auth/refillupdate',
    auth: 'account',
    request: subRefillBody,
    response: subAccountSchema,
  }),
  /** Its own alert thresholds (docs/product.md#alerts). */
  alerts: defineEndpoint({
    method: 'POST',
    path: '/auth/alertsupdate',
    auth: 'account',
    request: subAlertsBody,
    response: subAccountSchema,
  }),
  status: defineEndpoint({
    method: 'GET+POST',
    path: '/auth/statusupdate',
    auth: 'account',
    request: subStatusBody,
    response: subAccountSchema,
  }),
  delete: defineEndpoint({
    method: 'GET+POST',
    path: '/auth/passdelete',
    auth: 'account',
    request: subIdBody,
    response: subDeleteData,
  }),
};
