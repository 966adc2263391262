/** What the metrics may read of the crypto invoices: their counts, never the rows. */
export { invoiceCountsByState } from './invoice.repository';
