import type { AlertDeliveryError, AlertKind } from '@resiport/contract';
import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from '../../db/column-types';

/**
 * The alerts module's tables (migration 2026_11_30_0900, decision 039). It also writes two columns
 * of `subaccounts` (`alert_percents`, `alert_percent_done`), in the transaction that bills usage.
 */
export interface AlertSettingsTable {
  account_id: number;
  email_enabled: Generated<boolean>;
  webhook_url: string | null;
  webhook_secret_sealed: string | null;
  sub_percents: Generated<number[]>;
  main_left_below_bytes: bigint | null;
  main_empty: Generated<boolean>;
  low_balance_below_cents: bigint | null;
  on_payment: Generated<boolean>;
  on_order: Generated<boolean>;
  on_refill: Generated<boolean>;
  /** Crossing state: alerted since the figure was last on the good side of the threshold. */
  main_low_alerted: Generated<boolean>;
  main_empty_alerted: Generated<boolean>;
  low_balance_alerted: Generated<boolean>;
  updated_at: Timestamp;
}

export interface AlertEventsTable {
  id: Generated<number>;
  account_id: number;
  subaccount_id: number | null;
  kind: AlertKind;
  /** Events with an id of their own (a payment, an order, a refill) are written once per id. */
  dedupe_key: string | null;
  data: ColumnType<Record<string, unknown>, string, string>;
  created_at: Timestamp;
}

export type AlertChannel = 'email' | 'webhook';

export interface AlertDeliveriesTable {
  id: Generated<number>;
  event_id: number;
  account_id: number;
  channel: AlertChannel;
  /** The address or URL it was for when the event happened. */
  target: string;
  status: Generated<'pending' | 'sent' | 'failed'>;
  attempts: Generated<number>;
  next_at: Date;
  /** A process sending it holds it until then (so two processes never send it at once). */
  claimed_until: Date | null;
  last_status: number | null;
  last_error: AlertDeliveryError | null;
  last_response: string | null;
  last_attempt_at: Date | null;
  created_at: Timestamp;
}
