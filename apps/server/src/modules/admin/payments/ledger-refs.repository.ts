import type { Executor } from '../../../db/database';

/** The ledger entries of an account that name one of `refs` (what an order or an invoice caused), oldest first. */
export function entriesOfRefs(db: Executor, accountId: number, refs: { type: string; id: string }[]) {
  return db
    .selectFrom('ledger_entries')
    .selectAll()
    .where('account_id', '=', accountId)
    .where((eb) =>
      eb.or(refs.map((ref) => eb.and([eb('ref_type', '=', ref.type), eb('ref_id', '=', ref.id)]))),
    )
    .orderBy('id')
    .execute();
}
