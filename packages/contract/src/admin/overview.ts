import { z } from 'zod';
import { defineEndpoint, noInput } from '../endpoint';

/**
 * The console's overview (docs/product.md#operator-console): the business at a glance for today, 7 and 30 UTC days, what
 * waits for the operator, and whether the gateways and background jobs are healthy.
 */

/** Windows of whole UTC days ending today: 1 = today since 00:00 UTC. */
export const overviewWindows = [1, 7, 30] as const;

const windowFigures = z.object({
  days: z.number().int(),
  /** Money in: crypto top-ups credited to balances. */
  topups_cents: z.number().int(),
  /** Money spent on orders from balances (trial orders cost nothing). */
  order_payments_cents: z.number().int(),
  /** Money given back by order refunds. */
  refunds_cents: z.number().int(),
  /** Net of the operators' balance adjustments. */
  adjustments_cents: z.number().int(),
  /** Traffic sold: purchased and trial traffic credited. */
  sold_bytes: z.number().int(),
  /** Traffic the gateways carried and reported (billed to owners). */
  carried_bytes: z.number().int(),
  /** Delivered past an owner's zero and not billable: the metering bound in use (decision 015). */
  overrun_bytes: z.number().int(),
  new_customers: z.number().int(),
  /** Customers whose proxies carried traffic in the window. */
  active_customers: z.number().int(),
});

export const overviewDay = z.object({
  /** `YYYY-MM-DD`, UTC. */
  day: z.string(),
  topups_cents: z.number().int(),
  order_payments_cents: z.number().int(),
  sold_bytes: z.number().int(),
  carried_bytes: z.number().int(),
});
export type OverviewDay = z.infer<typeof overviewDay>;

export const gatewayHealth = z.object({
  instance_id: z.string(),
  /** When it last asked the change feed (gateways poll it continuously). */
  last_seen_at: z.string(),
  online: z.boolean(),
  /** When its last usage batch arrived (null: none yet). */
  last_usage_at: z.string().nullable(),
  /** Change-feed events published that it has not applied yet. */
  feed_lag_events: z.number().int(),
});
export type GatewayHealth = z.infer<typeof gatewayHealth>;

export const jobHealth = z.object({
  name: z.string(),
  /** The process holding the job and until when (a lease that lapsed means no process runs it). */
  holder: z.string(),
  lease_expires_at: z.string(),
  last_success_at: z.string().nullable(),
  last_failure_at: z.string().nullable(),
  last_error: z.string().nullable(),
  last_duration_ms: z.number().int().nullable(),
  healthy: z.boolean(),
});
export type JobHealth = z.infer<typeof jobHealth>;

export const overviewData = z.object({
  generated_at: z.string(),
  windows: z.array(windowFigures),
  /** The last 30 UTC days, oldest first, for the charts. */
  daily: z.array(overviewDay),
  invoices: z.object({
    /** Crypto invoices waiting for the payer. */
    unpaid: z.number().int(),
    /** Paid short and not resolved yet: they need the operator (Payments). */
    underpaid: z.number().int(),
  }),
  gateways: z.array(gatewayHealth),
  jobs: z.array(jobHealth),
});
export type OverviewData = z.infer<typeof overviewData>;

export const adminOverviewEndpoints = {
  get: defineEndpoint({
    method: 'GET',
    path: '/admin/overview',
    auth: 'operator',
    request: noInput,
    response: overviewData,
    summary: 'Revenue, traffic, customers, pending payments, gateways and jobs (operators only).',
  }),
};
