import type { OperatorAction } from '@resiport/contract';
import type { Executor } from '../../db/database';
import type { AuditValues } from './audit.table';
import { insertAuditRow } from './audit.repository';

/** The audit log sits below the domain modules that write it; the operator console only reads it. */
export { pageOfAudit, type AuditFilter } from './audit.repository';

/** Who acts: a signed-in operator (the console) or the command line (`npm run admin`, null). */
export type Actor = { operatorId: number } | { operatorId: null };

export const commandLine: Actor = { operatorId: null };

export interface AuditRecord {
  actor: Actor;
  action: OperatorAction;
  target: { type: string; id: string | number | bigint };
  /** The customer the action concerns, so their page lists it. */
  accountId?: number | null;
  before?: AuditValues | null;
  after?: AuditValues | null;
  reason?: string | null;
}

/**
 * Records one operator action. Call it with the transaction of the change itself, so the change
 * and its audit row commit together or not at all: there is no change without its row.
 */
export async function recordOperatorAction(db: Executor, record: AuditRecord): Promise<void> {
  await insertAuditRow(db, {
    operator_id: record.actor.operatorId,
    action: record.action,
    target_type: record.target.type,
    target_id: String(record.target.id),
    account_id: record.accountId ?? null,
    before: snapshot(record.before),
    after: snapshot(record.after),
    reason: record.reason ?? null,
  });
}

/** JSON text of a snapshot: bigints (cents, bytes) as decimal strings, Dates as ISO text. */
function snapshot(values: AuditValues | null | undefined): string | null {
  if (!values) return null;
  return JSON.stringify(values, (_key, value: unknown) =>
    typeof value === 'bigint' ? value.toString() : value,
  );
}
