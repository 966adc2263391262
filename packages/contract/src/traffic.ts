import { z } from 'zod';
import { defineEndpoint, defineLink } from './endpoint';
import { pageOf, pageQuery } from './recharge';
import { MAX_ROW_ID } from './rules';

/**
 * Usage and the traffic change record (docs/product.md#usage: /traffic/changelog, /traffic/details,
 * /traffic/usage). Every amount is in bytes, exact integers; the web shows MB (docs/product.md#units-and-time: statistics
 * in MB, shown in UTC). Ranges are whole UTC days, both ends included (`start_date`..`end_date`);
 * without them the last 30 days up to today. Paths are relative to `/api`.
 */

export const TRAFFIC_RANGE_MAX_DAYS = 366;
export const TRAFFIC_RANGE_DEFAULT_DAYS = 30;
/** Ranges of at most this many days ("up to 48 h") are detailed per hour, longer ones per day. */
export const HOURLY_RANGE_MAX_DAYS = 2;
/** How many sub-accounts get their own series in `/traffic/usage` (the biggest in the range). */
export const USAGE_TOP_OWNERS = 5;

const DAY_MS = 86_400_000;

/** `YYYY-MM-DD` of a real calendar day (2026-02-30 is not one). */
export function isCalendarDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/** Whole days from `start` to `end` (both `YYYY-MM-DD`), plus one: the number of days in the range. */
export function daysInRange(start: string, end: string): number {
  return Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / DAY_MS) + 1;
}

/** `YYYY-MM-DD` of the UTC day `days` after (or before, when negative) the given one. */
export function shiftDate(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

export const usageGranularities = ['hour', 'day'] as const;
export type UsageGranularity = (typeof usageGranularities)[number];

export const granularityOf = (start: string, end: string): UsageGranularity =>
  daysInRange(start, end) <= HOURLY_RANGE_MAX_DAYS ? 'hour' : 'day';

const dateField = z
  .string({ error: 'validation.date' })
  .trim()
  .refine(isCalendarDate, { error: 'validation.date' });

/** The range fields; `checkRange` refuses an inverted range or one longer than the maximum. */
const rangeFields = {
  start_date: dateField.optional(),
  end_date: dateField.optional(),
};

/** `0` = the main account (its own usage and its whitelisted IPs'); otherwise a sub-account id. */
const ownerField = z.coerce
  .number<number | string>({ error: 'validation.invalid' })
  .int()
  .min(0, { error: 'validation.invalid' })
  .max(MAX_ROW_ID, { error: 'validation.invalid' });

/** What is wrong with a range (inverted, or longer than the maximum), with the field to blame. */
export function rangeProblem(
  start: string,
  end: string,
):
  | { field: 'start_date' | 'end_date'; message: 'validation.dateOrder' | 'validation.rangeTooLong' }
  | undefined {
  const days = daysInRange(start, end);
  if (days < 1) return { field: 'end_date', message: 'validation.dateOrder' };
  if (days > TRAFFIC_RANGE_MAX_DAYS) return { field: 'start_date', message: 'validation.rangeTooLong' };
  return undefined;
}

export function checkRange(
  value: { start_date?: string | undefined; end_date?: string | undefined },
  ctx: z.RefinementCtx,
): void {
  const { start_date: start, end_date: end } = value;
  if (start === undefined || end === undefined) return;
  const problem = rangeProblem(start, end);
  if (problem) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
}

/** The ledger's traffic kinds the change record shows one row per entry. */
export const ledgerChangeKinds = [
  'purchase',
  'trial',
  'allocate',
  'recycle',
  'subaccount_deletion',
  'refund',
  'adjustment',
] as const;
/**
 * The kinds of the change record's rows: the ledger's own, and `usage` — the traffic that went
 * through the gateway (every other traffic entry: lease, lease_return, usage, debt_repayment), one
 * row per owner per UTC day, split where another change of that owner falls (decision 027).
 */
export const trafficChangeKinds = [...ledgerChangeKinds, 'usage'] as const;
export type TrafficChangeKind = (typeof trafficChangeKinds)[number];

export const changelogQuery = pageQuery
  .extend({
    ...rangeFields,
    kind: z.enum(trafficChangeKinds, { error: 'validation.invalid' }).optional(),
    subaccount_id: ownerField.optional(),
    format: z.enum(['json', 'csv'], { error: 'validation.invalid' }).default('json'),
  })
  .superRefine(checkRange);
export type ChangelogQuery = z.input<typeof changelogQuery>;

export const trafficChangeSchema = z.object({
  id: z.number().int(),
  /** ISO 8601, UTC. */
  time: z.string(),
  kind: z.enum(trafficChangeKinds),
  /** Whose balance changed: a sub-account, or null for the main account. */
  subaccount_id: z.number().int().nullable(),
  username: z.string().nullable(),
  /** Signed: positive adds traffic to that balance. */
  amount_bytes: z.number().int(),
  balance_before_bytes: z.number().int(),
  balance_after_bytes: z.number().int(),
  /** A `usage` row: when its first gateway entry was (ISO 8601, UTC); `time` is its last. Else null. */
  since: z.string().nullable(),
  /**
   * Of a main-account `usage` row: how much of it paid for sub-accounts that ran past zero, net of
   * what they repaid (signed like `amount_bytes`); 0 on every other row.
   */
  for_subaccounts_bytes: z.number().int(),
});
export type TrafficChange = z.infer<typeof trafficChangeSchema>;

const resolvedRange = {
  start_date: z.string(),
  end_date: z.string(),
};

export const changelogData = pageOf(trafficChangeSchema).extend(resolvedRange);
export type ChangelogData = z.infer<typeof changelogData>;

/**
 * The columns of the change record's CSV export, in order (decision 027): times UTC ISO 8601
 * (`since_utc` only on `usage` rows), `kind` as in `trafficChangeKinds`, an empty `subaccount` for
 * the main account, amounts and balances in bytes (exact, signed amount).
 */
export const changesCsvColumns = [
  'time_utc',
  'since_utc',
  'kind',
  'subaccount',
  'amount_bytes',
  'balance_before_bytes',
  'balance_after_bytes',
] as const;

const byteCounts = {
  bytes_up: z.number().int(),
  bytes_down: z.number().int(),
  bytes_total: z.number().int(),
  /** Connections (tunnels and proxied requests) opened. */
  requests: z.number().int(),
};

export const detailsQuery = pageQuery
  .extend({
    ...rangeFields,
    subaccount_id: ownerField.optional(),
    /** Only this whitelisted source address (main-account usage). */
    source_ip: z.string().trim().max(45, { error: 'validation.ip' }).optional(),
    format: z.enum(['json', 'csv'], { error: 'validation.invalid' }).default('json'),
  })
  .superRefine(checkRange);
export type DetailsQuery = z.input<typeof detailsQuery>;

export const usageRowSchema = z.object({
  /** Start of the hour or day, ISO 8601 UTC. */
  period: z.string(),
  /** A sub-account, or null for the main account (then `source_ip` names the whitelisted address). */
  subaccount_id: z.number().int().nullable(),
  username: z.string().nullable(),
  source_ip: z.string().nullable(),
  ...byteCounts,
});
export type UsageRow = z.infer<typeof usageRowSchema>;

/** When the newest usage batch from any gateway was applied: the data is complete up to about then. */
const freshness = { last_flush_at: z.string().nullable() };

export const detailsData = pageOf(usageRowSchema).extend({
  ...resolvedRange,
  granularity: z.enum(usageGranularities),
  totals: z.object(byteCounts),
  ...freshness,
});
export type DetailsData = z.infer<typeof detailsData>;

/** The columns of the CSV export, in order (amounts in MB with 6 decimals: exact bytes). */
export const detailsCsvColumns = [
  'period_utc',
  'subaccount',
  'source_ip',
  'upload_mb',
  'download_mb',
  'total_mb',
  'requests',
] as const;

export const usageQuery = z
  .object({ ...rangeFields, subaccount_id: ownerField.optional() })
  .superRefine(checkRange);
export type UsageQuery = z.input<typeof usageQuery>;

export const usagePointSchema = z.object({ period: z.string(), ...byteCounts });
export type UsagePoint = z.infer<typeof usagePointSchema>;

export const usageOwnerSeriesSchema = z.object({
  subaccount_id: z.number().int().nullable(),
  username: z.string().nullable(),
  bytes_total: z.number().int(),
  /** Bytes per period, aligned with `series`. */
  points: z.array(z.number().int()),
});
export type UsageOwnerSeries = z.infer<typeof usageOwnerSeriesSchema>;

export const usageData = z.object({
  ...resolvedRange,
  granularity: z.enum(usageGranularities),
  /** Every period of the range, oldest first, zero where nothing was used. */
  series: z.array(usagePointSchema),
  /** The biggest owners in the range (at most USAGE_TOP_OWNERS), biggest first. */
  owners: z.array(usageOwnerSeriesSchema),
  range_totals: z.object(byteCounts),
  /** Whole account (or the filtered owner): today (UTC), the last 7 and 30 days including today. */
  totals: z.object({
    today_bytes: z.number().int(),
    last_7_days_bytes: z.number().int(),
    last_30_days_bytes: z.number().int(),
  }),
  ...freshness,
});
export type UsageData = z.infer<typeof usageData>;

/** Usage and the traffic change record (docs/product.md#usage; decision 014). */
export const trafficEndpoints = {
  changelog: defineEndpoint({
    method: 'GET',
    path: '/traffic/changelog',
    auth: 'account',
    readOnly: true,
    request: changelogQuery,
    response: changelogData,
    summary: 'With `format=csv`: a `text/csv` attachment of every row of the filter instead of the envelope.',
  }),
  details: defineEndpoint({
    method: 'GET',
    path: '/traffic/details',
    auth: 'account',
    readOnly: true,
    request: detailsQuery,
    response: detailsData,
    summary: 'With `format=csv`: a `text/csv` attachment of every row of the range instead of the envelope.',
  }),
  usage: defineEndpoint({
    method: 'GET',
    path: '/traffic/usage',
    auth: 'account',
    readOnly: true,
    request: usageQuery,
    response: usageData,
  }),
};

/** The CSV files: the same routes as `trafficEndpoints.details` and `.changelog`, with `format=csv`. */
export const trafficLinks = {
  detailsCsv: defineLink({
    method: 'GET',
    path: '/traffic/details',
    auth: 'account',
    readOnly: true,
    request: detailsQuery,
  }),
  changesCsv: defineLink({
    method: 'GET',
    path: '/traffic/changelog',
    auth: 'account',
    readOnly: true,
    request: changelogQuery,
  }),
};
