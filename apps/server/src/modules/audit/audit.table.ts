import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from '../../db/column-types';

/** Snapshot of the fields an action touched; bigints are stored as decimal strings. */
export type AuditValues = Record<string, unknown>;

/**
 * `operator_audit` (migration 2026_11_27_0900): append-only, the database refuses UPDATE and DELETE.
 * Written only through audit.service.ts, inside the transaction of the action it records.
 */
export interface OperatorAuditTable {
  id: Generated<bigint>;
  operator_id: number | null;
  action: string;
  target_type: string;
  target_id: string;
  account_id: number | null;
  before: ColumnType<AuditValues | null, string | null, never>;
  after: ColumnType<AuditValues | null, string | null, never>;
  reason: string | null;
  created_at: Timestamp;
}
