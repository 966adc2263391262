import type { PaymentDetail } from '@resiport/contract';
import type { Generated } from 'kysely';
import type { Timestamp } from '../../db/column-types';
import type { InvoiceStatus } from './invoice.table';

/**
 * `crypto_invoice_events` (migration 2026_11_27_0920): what the provider told us about an invoice,
 * in order — each signed webhook (`webhook`) and each answer to our payment/info checks (`check`)
 * that said something new. Written by the webhook and settlement paths only; never changed.
 */
export interface CryptoInvoiceEventsTable {
  id: Generated<bigint>;
  invoice_id: number;
  kind: 'webhook' | 'check';
  /** What asked: `webhook`, `checkPay`, `reconcile`. */
  source: string;
  provider_status: string;
  is_final: boolean;
  /** The provider's word in ours (decision 026). */
  status: InvoiceStatus;
  payment_detail: PaymentDetail | null;
  received_amount: string | null;
  received_currency: string | null;
  /** What arrived in USD cents, when the provider said (a webhook's `payment_amount_usd`). */
  received_usd_cents: bigint | null;
  /** Our invoice's status when it came (not `unpaid`: it came after the invoice had closed). */
  invoice_status: InvoiceStatus;
  created_at: Timestamp;
}

/**
 * `crypto_invoice_resolutions`: an operator's resolution of a cancelled invoice that received money,
 * at most one per invoice (its primary key); written with the invoice change, its ledger entry and
 * its audit row, in one transaction (resolve-invoice.service.ts).
 */
export interface CryptoInvoiceResolutionsTable {
  invoice_id: number;
  choice: 'credit' | 'refunded';
  credited_cents: bigint;
  /** Null when the command line did it. */
  operator_id: number | null;
  reason: string | null;
  idempotency_key: string | null;
  created_at: Timestamp;
}
