import { randomToken } from '../../lib/crypto';
import { addSeconds } from '../../lib/clock';
import type { AppContext } from '../../context';
import { pendingInvoices } from './invoice.repository';
import { takeLease } from '../../lib/job-lease';
import { jobTracker } from '../../lib/job-runs';
import { expireUnopenedInvoices, settleInvoice } from './settle-invoice.service';

const LEASE = 'reconcile-crypto-invoices';
const LEASE_SECONDS = 120;
const BATCH = 100;

export interface ReconcileRun {
  checked: number;
  settled: number;
}

/**
 * Re-checks pending invoices with the provider, so a missed webhook still credits (and expired
 * invoices close). Only the process holding the lease runs it; others skip (returns undefined).
 */
export async function reconcilePendingInvoices(
  ctx: AppContext,
  holder: string,
): Promise<ReconcileRun | undefined> {
  const now = ctx.clock();
  if (!(await takeLease(ctx.db, LEASE, holder, now, addSeconds(now, LEASE_SECONDS)))) return undefined;
  let settled = 0;
  const invoices = await pendingInvoices(ctx.db, BATCH);
  for (const invoice of invoices) {
    const status = await settleInvoice(ctx, invoice, 'reconcile').catch((error: unknown) => {
      ctx.log.warn({ err: error, invoiceId: invoice.id }, 'reconcile: provider check failed; will retry');
      return 'unpaid' as const;
    });
    if (status !== 'unpaid') settled++;
  }
  settled += await expireUnopenedInvoices(ctx, BATCH);
  if (invoices.length > 0) ctx.log.info({ checked: invoices.length, settled }, 'reconciled pending invoices');
  return { checked: invoices.length, settled };
}

/** Runs reconciliation every `everyMs` in the background; returns a stop function. */
export function startReconciliation(ctx: AppContext, everyMs = 60_000): () => void {
  const holder = `process-${process.pid}-${randomToken(6)}`;
  const track = jobTracker(ctx, LEASE);
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    track(() => reconcilePendingInvoices(ctx, holder))
      .catch((error: unknown) => ctx.log.error({ err: error }, 'reconcile run failed'))
      .finally(() => (running = false));
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
