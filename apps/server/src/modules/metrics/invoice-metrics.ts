import { rechargeStatuses } from '@resiport/contract';
import type { FastifyBaseLogger } from 'fastify';
import { Gauge, type Registry } from 'prom-client';
import type { Db } from '../../db/database';
import type { InvoicePurpose } from '../billing/invoice.table';
import { invoiceCountsByState } from '../billing/invoice-counts.service';

const KINDS: readonly InvoicePurpose[] = ['recharge', 'order'];
/** An invoice's statuses are the ones its recharge shows (billing/invoice.table.ts). */
const STATUSES = rechargeStatuses;

/** Scrapes closer together than this (several Prometheus servers, a dashboard) share one count. */
export const INVOICE_COUNT_CACHE_MS = 5000;

/**
 * `resiport_invoices{kind,status}`: crypto invoices by what they pay for and their status, counted at
 * scrape with one grouped query, at most once per `cacheMs`. Every kind × status is present (0 when
 * none), so an alert on pending invoices works before the first one exists. When the count fails
 * the series are left out (and the failure logged) rather than shown stale.
 */
export function registerInvoiceMetrics(
  registry: Registry,
  db: Db,
  log: FastifyBaseLogger,
  cacheMs = INVOICE_COUNT_CACHE_MS,
): void {
  const counts = reuseFor(cacheMs, () => invoiceCountsByState(db));
  new Gauge({
    name: 'resiport_invoices',
    help: 'Crypto invoices by kind (what they pay for: recharge or order) and status, counted at scrape.',
    labelNames: ['kind', 'status'],
    registers: [registry],
    async collect() {
      this.reset();
      let rows: Awaited<ReturnType<typeof invoiceCountsByState>>;
      try {
        rows = await counts();
      } catch (error) {
        log.warn({ err: error }, 'metrics: invoice count failed; resiport_invoices left out of this scrape');
        return;
      }
      for (const kind of KINDS) for (const status of STATUSES) this.set({ kind, status }, 0);
      for (const row of rows) this.set({ kind: row.purpose, status: row.status }, Number(row.count));
    },
  });
}

/** `read`'s answer reused for `ttlMs` (calls while it runs share it too); a failed read is not kept. */
function reuseFor<T>(ttlMs: number, read: () => Promise<T>): () => Promise<T> {
  let last: { at: number; answer: Promise<T> } | undefined;
  return () => {
    const now = performance.now();
    if (last === undefined || now - last.at >= ttlMs) {
      const answer = read();
      last = { at: now, answer };
      answer.catch(() => {
        if (last?.answer === answer) last = undefined;
      });
    }
    return last.answer;
  };
}
