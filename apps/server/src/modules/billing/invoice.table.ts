import type { PaymentDetail, rechargeStatuses } from '@resiport/contract';
import type { Generated } from 'kysely';
import type { Timestamp } from '../../db/column-types';

/** A recharge shows its invoice's status as it is, so the two share the contract's list. */
export type InvoiceStatus = (typeof rechargeStatuses)[number];
/** What an invoice pays for. */
export type InvoicePurpose = 'recharge' | 'order';

/** `crypto_invoices`: one Cryptomus payment each, for a recharge or an order. */
export interface CryptoInvoicesTable {
  id: Generated<number>;
  order_ref: string;
  purpose: InvoicePurpose;
  account_id: number;
  amount_cents: bigint;
  provider_uuid: string | null;
  checkout_url: string | null;
  status: Generated<InvoiceStatus>;
  provider_status: string | null;
  /** The provider's word beside `status` (decision 026), e.g. `underpaid`, `expired`, `paid_over`. */
  payment_detail: PaymentDetail | null;
  /** What the payer sent, as the provider reports it: a decimal string in `received_currency`. */
  received_amount: string | null;
  received_currency: string | null;
  /** What an overpayment credited beyond the invoice's amount (0 when it was not paid over). */
  extra_credited_cents: Generated<bigint>;
  expires_at: Date;
  created_at: Timestamp;
  settled_at: Date | null;
}
