import { overviewWindows, type OverviewData, type OverviewDay } from '@resiport/contract';
import type { AppContext } from '../../../context';
import {
  activeCustomersSince,
  carriedByDay,
  gatewayCursors,
  jobRows,
  ledgerByDay,
  newCustomersSince,
  openInvoiceCounts,
  orderPaymentsByDay,
  overrunSince,
} from './overview.repository';

const DAY_MS = 86_400_000;
const CHART_DAYS = 30;
/** A gateway polls the change feed continuously; one silent for this long is shown offline. */
const GATEWAY_ONLINE_MS = 60_000;

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** 00:00 UTC of the first day of a window of `days` whole UTC days ending today. */
function windowStart(now: Date, days: number): Date {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return new Date(today - (days - 1) * DAY_MS);
}

/** The console's overview: three windows and 30 daily points from one grouped scan per source. */
export async function overview(ctx: AppContext): Promise<OverviewData> {
  const now = ctx.clock();
  const from = windowStart(now, CHART_DAYS);
  const [ledger, orders, carried, invoices, gateways, jobs] = await Promise.all([
    ledgerByDay(ctx.db, from),
    orderPaymentsByDay(ctx.db, from),
    carriedByDay(ctx.db, isoDay(from)),
    openInvoiceCounts(ctx.db),
    gatewayCursors(ctx.db),
    jobRows(ctx.db),
  ]);

  const daily: OverviewDay[] = [];
  for (let i = 0; i < CHART_DAYS; i++) {
    const day = isoDay(new Date(from.getTime() + i * DAY_MS));
    const money = ledger.find((row) => row.day === day);
    daily.push({
      day,
      topups_cents: Number(money?.topups ?? 0),
      order_payments_cents: Number(orders.find((row) => row.day === day)?.cents ?? 0),
      sold_bytes: Number(money?.sold ?? 0),
      carried_bytes: Number(carried.find((row) => row.day === day)?.bytes ?? 0),
    });
  }

  const windows = await Promise.all(
    overviewWindows.map(async (days) => {
      const start = windowStart(now, days);
      const inWindow = <T extends { day: string }>(rows: T[]) => rows.filter((r) => r.day >= isoDay(start));
      const sum = <T extends { day: string }>(rows: T[], pick: (row: T) => string) =>
        inWindow(rows).reduce((total, row) => total + Number(pick(row)), 0);
      return {
        days,
        topups_cents: sum(ledger, (r) => r.topups),
        order_payments_cents: sum(orders, (r) => r.cents),
        refunds_cents: sum(ledger, (r) => r.refunds),
        adjustments_cents: sum(ledger, (r) => r.adjustments),
        sold_bytes: sum(ledger, (r) => r.sold),
        carried_bytes: sum(carried, (r) => r.bytes),
        overrun_bytes: Number(await overrunSince(ctx.db, start)),
        new_customers: await newCustomersSince(ctx.db, start),
        active_customers: await activeCustomersSince(ctx.db, isoDay(start)),
      };
    }),
  );

  return {
    generated_at: now.toISOString(),
    windows,
    daily,
    invoices,
    gateways: gateways.map((g) => ({
      instance_id: g.instance_id,
      last_seen_at: g.seen_at.toISOString(),
      online: now.getTime() - g.seen_at.getTime() < GATEWAY_ONLINE_MS,
      last_usage_at: g.last_usage_at ? new Date(g.last_usage_at).toISOString() : null,
      feed_lag_events: Math.max(0, (g.head ?? 0) - g.event_id),
    })),
    jobs: jobs.map((job) => ({
      name: job.name,
      holder: job.holder,
      lease_expires_at: job.expires_at.toISOString(),
      last_success_at: job.last_success_at?.toISOString() ?? null,
      last_failure_at: job.last_failure_at?.toISOString() ?? null,
      last_error: job.last_error,
      last_duration_ms: job.last_duration_ms,
      // Healthy: it has succeeded, and not failed since.
      healthy:
        job.last_success_at !== null &&
        (job.last_failure_at === null || job.last_failure_at < job.last_success_at),
    })),
  };
}
