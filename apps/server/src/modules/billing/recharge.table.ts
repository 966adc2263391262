import type { Generated } from 'kysely';
import type { Timestamp } from '../../db/column-types';

/** `recharges`: money added to a balance, each paid by one crypto invoice. */
export interface RechargesTable {
  id: Generated<number>;
  account_id: number;
  invoice_id: number;
  amount_cents: bigint;
  fee_cents: bigint;
  idempotency_key: string | null;
  created_at: Timestamp;
}
