import type { LedgerKindName } from '@resiport/contract';
import type { Selectable } from 'kysely';
import type { Executor } from '../../db/database';
import type { LedgerAsset, LedgerEntriesTable } from './ledger.table';

/** An account's raw ledger, money and traffic (the operator console's view of it, docs/product.md#operator-console). */

export type LedgerEntryRow = Selectable<LedgerEntriesTable>;

export interface LedgerEntryFilter {
  accountId: number;
  asset?: LedgerAsset | undefined;
  kind?: LedgerKindName | undefined;
}

function filtered(db: Executor, filter: LedgerEntryFilter) {
  let query = db.selectFrom('ledger_entries').where('account_id', '=', filter.accountId);
  if (filter.asset) query = query.where('asset', '=', filter.asset);
  if (filter.kind) query = query.where('kind', '=', filter.kind);
  return query;
}

/** The entries of the filter, newest first: `limit` of them from `offset`, and how many there are. */
export async function pageOfEntries(
  db: Executor,
  filter: LedgerEntryFilter,
  window: { limit: number; offset: number },
): Promise<{ list: LedgerEntryRow[]; total: number }> {
  const [list, count] = await Promise.all([
    filtered(db, filter)
      .selectAll()
      .orderBy('id', 'desc')
      .limit(window.limit)
      .offset(window.offset)
      .execute(),
    filtered(db, filter)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { list, total: Number(count.n) };
}

/** The entry a business event posted (its kind and reference), if it did: what makes a retry apply once. */
export function findEntryByRef(
  db: Executor,
  entry: { asset: LedgerAsset; kind: string; refType: string; refId: string },
): Promise<LedgerEntryRow | undefined> {
  return db
    .selectFrom('ledger_entries')
    .selectAll()
    .where('asset', '=', entry.asset)
    .where('kind', '=', entry.kind)
    .where('ref_type', '=', entry.refType)
    .where('ref_id', '=', entry.refId)
    .executeTakeFirst();
}
