import { z } from 'zod';
import { trafficGbSchema } from './money';
import { nullIfEmpty, rowIdSchema } from './rules';
import { isCalendarDate } from './traffic';

/**
 * A sub-account's own limits (docs/product.md#sub-account-limits), each optional: traffic caps per UTC day and UTC month, a
 * last day, and how many connections it may have open at once. The gateway enforces them through
 * the credit model: a lease is never larger than what the caps leave, so a capped sub-account stops
 * like one out of traffic (refusal `cap_reached`, at most one read buffer per tunnel past the cap);
 * after its last day it is refused (`expired`) and its traffic goes back to the main account once.
 * docs/gateway.md lists the refusals; decision 036 has the reasoning.
 */

/** The most connections a sub-account may be limited to (a limit above the gateway's own is moot). */
export const MAX_SUB_CONNECTIONS = 10_000;
export const DAY_MS = 86_400_000;

/** A sub-account expiring on a UTC day works until the end of that day. */
export function subExpiryOf(day: string): Date {
  return new Date(`${day}T23:59:59.999Z`);
}

/** Days since 1970-01-01 (UTC) of an instant: the key of the "today" cap's counter. */
export function utcDayNumber(at: Date): number {
  return Math.floor(at.getTime() / DAY_MS);
}

/** The UTC day number of the first day of the instant's UTC month: the month cap counts from it. */
export function utcMonthStartDay(at: Date): number {
  return utcDayNumber(new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1)));
}

/** A cap in GB, above zero; empty (or null) removes it. */
const capField = z.preprocess(
  nullIfEmpty,
  trafficGbSchema.refine((bytes) => bytes > 0, { error: 'validation.traffic' }).nullable(),
);

/** The last day (`YYYY-MM-DD`, UTC) the sub-account works; empty removes it. */
const expiryField = z.preprocess(
  nullIfEmpty,
  z.string({ error: 'validation.date' }).refine(isCalendarDate, { error: 'validation.date' }).nullable(),
);

/** At most this many connections at once (1–10,000); empty removes the limit. */
const connectionsField = z.preprocess(
  (value) => {
    const v = nullIfEmpty(value);
    return typeof v === 'string' && /^\d{1,6}$/.test(v.trim()) ? Number(v) : v;
  },
  z
    .number({ error: 'validation.connections' })
    .int({ error: 'validation.connections' })
    .min(1, { error: 'validation.connections' })
    .max(MAX_SUB_CONNECTIONS, { error: 'validation.connections' })
    .nullable(),
);

/** Limits as a request gives them: an absent field stays as it is, an empty one is removed. */
export const subLimitsFields = {
  daily_cap: capField.optional(),
  monthly_cap: capField.optional(),
  expires_on: expiryField.optional(),
  max_connections: connectionsField.optional(),
};

export const subLimitsBody = z.object({ id: rowIdSchema(), ...subLimitsFields });
export type SubLimitsInput = Omit<z.infer<typeof subLimitsBody>, 'id'>;

/** The limits as every sub-account answer shows them, with what the caps have counted so far. */
export const subLimitsView = {
  daily_cap_bytes: z.number().int().nullable(),
  monthly_cap_bytes: z.number().int().nullable(),
  /** Traffic used in this UTC day and this UTC month (what the caps count). */
  used_today_bytes: z.number().int(),
  used_this_month_bytes: z.number().int(),
  expires_on: z.string().nullable(),
  /** Its last day is over: it cannot connect, and its traffic went back to the main account. */
  expired: z.boolean(),
  max_connections: z.number().int().nullable(),
};

/** The limit fields of a sub-account with none set and nothing counted (a new one). */
export const NO_SUB_LIMITS = {
  daily_cap_bytes: null,
  monthly_cap_bytes: null,
  used_today_bytes: 0,
  used_this_month_bytes: 0,
  expires_on: null,
  expired: false,
  max_connections: null,
} as const satisfies { [K in keyof typeof subLimitsView]: z.infer<(typeof subLimitsView)[K]> };

/** What a sub-account's limits say now: `expired`, a cap reached (it stops until the day or month turns), or `ok`. */
export type SubLimitState = 'expired' | 'cap_reached' | 'ok';

export function subLimitStateOf(sub: {
  expired: boolean;
  daily_cap_bytes: number | null;
  monthly_cap_bytes: number | null;
  used_today_bytes: number;
  used_this_month_bytes: number;
}): SubLimitState {
  if (sub.expired) return 'expired';
  const reached = (cap: number | null, used: number) => cap !== null && used >= cap;
  return reached(sub.daily_cap_bytes, sub.used_today_bytes) ||
    reached(sub.monthly_cap_bytes, sub.used_this_month_bytes)
    ? 'cap_reached'
    : 'ok';
}
