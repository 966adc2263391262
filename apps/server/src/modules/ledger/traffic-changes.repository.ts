import { trafficChangeKinds, type TrafficChangeKind } from '@resiport/contract';
import { sql } from 'kysely';
import type { Executor } from '../../db/database';

/** The customer-facing traffic entries of an account (the traffic module's change record reads them). */

export interface TrafficChangeFilter {
  accountId: number;
  /** [from, to): UTC midnights. */
  from: Date;
  to: Date;
  kind?: TrafficChangeKind | undefined;
  /** 0 = the main account's entries only. */
  subaccountId?: number | undefined;
}

export interface TrafficChangeRow {
  id: bigint;
  created_at: Date;
  kind: string;
  subaccount_id: number | null;
  amount: bigint;
  balance_after: bigint;
}

// Constants of our own, written out so the planner can match ledger_entries_traffic_changes_idx.
const changeKindList = sql.raw(trafficChangeKinds.map((kind) => `'${kind}'`).join(', '));

function changes(db: Executor, filter: TrafficChangeFilter) {
  const { kind, subaccountId } = filter;
  return db
    .selectFrom('ledger_entries as e')
    .where('e.account_id', '=', filter.accountId)
    .where('e.asset', '=', 'traffic')
    .where(sql<boolean>`e.kind in (${changeKindList})`)
    .where('e.created_at', '>=', filter.from)
    .where('e.created_at', '<', filter.to)
    .$if(kind !== undefined, (q) => q.where('e.kind', '=', kind ?? ''))
    .$if(subaccountId === 0, (q) => q.where('e.subaccount_id', 'is', null))
    .$if(subaccountId !== undefined && subaccountId > 0, (q) =>
      q.where('e.subaccount_id', '=', subaccountId ?? 0),
    );
}

/** The account's traffic change entries of the filter, newest first, and how many there are. */
export async function pageOfTrafficChanges(
  db: Executor,
  filter: TrafficChangeFilter,
  window: { limit: number; offset: number },
): Promise<{ list: TrafficChangeRow[]; total: number }> {
  const { n } = await changes(db, filter)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  const list = await changes(db, filter)
    .select(['e.id', 'e.created_at', 'e.kind', 'e.subaccount_id', 'e.amount', 'e.balance_after'])
    .orderBy('e.created_at', 'desc')
    .orderBy('e.id', 'desc')
    .limit(window.limit)
    .offset(window.offset)
    .execute();
  return { list, total: Number(n) };
}
