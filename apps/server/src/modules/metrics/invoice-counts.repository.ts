import type { Executor } from '../../db/database';

/** Crypto invoices counted by what they pay for and their status: one grouped scan for the metrics. */
export function invoiceCountsByState(db: Executor) {
  return db
    .selectFrom('crypto_invoices')
    .select(['purpose', 'status', (eb) => eb.fn.countAll<bigint>().as('count')])
    .groupBy(['purpose', 'status'])
    .execute();
}
