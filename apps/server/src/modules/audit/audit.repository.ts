import type { OperatorAction } from '@resiport/contract';
import { sql, type Insertable } from 'kysely';
import type { Executor } from '../../db/database';
import type { OperatorAuditTable } from './audit.table';

export async function insertAuditRow(db: Executor, row: Insertable<OperatorAuditTable>): Promise<void> {
  const json = (text: string | null | undefined) =>
    text === null || text === undefined ? null : sql<string>`cast(${text} as jsonb)`;
  await db
    .insertInto('operator_audit')
    .values({ ...row, before: json(row.before), after: json(row.after) })
    .execute();
}

export interface AuditFilter {
  q?: string | undefined;
  action?: OperatorAction | undefined;
  accountId?: number | undefined;
  operatorId?: number | undefined;
  /** Inclusive UTC bounds. */
  from?: Date | undefined;
  to?: Date | undefined;
}

/**
 * One page of the log, newest first, with the operator's and the customer's emails. The search
 * matches the reason, the target id and either email (case-insensitive substring).
 */
export async function pageOfAudit(db: Executor, filter: AuditFilter, page: number, pageSize: number) {
  let query = db
    .selectFrom('operator_audit as a')
    .leftJoin('accounts as op', 'op.id', 'a.operator_id')
    .leftJoin('accounts as cu', 'cu.id', 'a.account_id');
  if (filter.action) query = query.where('a.action', '=', filter.action);
  if (filter.accountId !== undefined) query = query.where('a.account_id', '=', filter.accountId);
  if (filter.operatorId !== undefined) query = query.where('a.operator_id', '=', filter.operatorId);
  if (filter.from) query = query.where('a.created_at', '>=', filter.from);
  if (filter.to) query = query.where('a.created_at', '<', filter.to);
  if (filter.q) {
    const pattern = `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) =>
      eb.or([
        eb('a.reason', 'ilike', pattern),
        eb('a.target_id', 'ilike', pattern),
        eb('op.email', 'ilike', pattern),
        eb('cu.email', 'ilike', pattern),
      ]),
    );
  }
  const [rows, count] = await Promise.all([
    query
      .select([
        'a.id',
        'a.created_at',
        'a.operator_id',
        'op.email as operator_email',
        'a.action',
        'a.target_type',
        'a.target_id',
        'a.account_id',
        'cu.email as account_email',
        'a.before',
        'a.after',
        'a.reason',
      ])
      .orderBy('a.id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}
