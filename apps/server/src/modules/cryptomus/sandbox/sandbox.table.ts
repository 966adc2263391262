import type { ColumnType } from 'kysely';

/**
 * Invoices of the built-in Cryptomus sandbox (docs/architecture.md#payments). Amounts are integer cents of `currency`.
 * Timestamps come from the app clock, not the database, so tests can move time.
 */
export interface SandboxInvoicesTable {
  uuid: string;
  merchant_id: string;
  /** The merchant's idempotency key: unique per merchant, as at Cryptomus. */
  order_id: string;
  amount_cents: ColumnType<bigint, bigint, never>;
  currency: string;
  /** A Cryptomus payment status (`check` until the payer acts). */
  status: string;
  is_final: boolean;
  /** What the payer sent, once they did; more or less than the amount for paid_over / wrong_amount. */
  payer_amount_cents: bigint | null;
  txid: string | null;
  url_callback: string | null;
  url_return: string | null;
  url_success: string | null;
  additional_data: string | null;
  is_payment_multiple: boolean;
  lifetime_seconds: number;
  expires_at: Date;
  created_at: ColumnType<Date, Date, never>;
  updated_at: Date;
}

/**
 * The slice of the schema the sandbox touches, until `Database` lists the table itself. A `Record`
 * rather than an interface: Kysely's `withTables` needs a type with an implicit index signature.
 */
export type SandboxDatabase = Record<'cryptomus_sandbox_invoices', SandboxInvoicesTable>;
