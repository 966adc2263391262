import {
  balanceCsvColumns,
  balanceEntryKinds,
  balanceEntryRefTypes,
  type BalanceEntry,
  type BalanceEntryKind,
  type BalanceEntryRefType,
} from '@resiport/contract';
import type { AppContext } from '../../context';
import { CSV_MAX_ROWS, csvText, type CsvFile } from '../../lib/csv';
import { pageOfEntries, type LedgerEntryRow } from '../ledger/ledger.service';

const isKind = (kind: string): kind is BalanceEntryKind =>
  (balanceEntryKinds as readonly string[]).includes(kind);
const isRefType = (type: string): type is BalanceEntryRefType =>
  (balanceEntryRefTypes as readonly string[]).includes(type);

/** The ledger refs of overpayments (overpayment.service.ts) and what they were paid with. */
const overpaidRefs: Record<string, BalanceEntryRefType> = {
  recharge_overpaid: 'recharge',
  order_overpaid: 'order',
};

/** A money entry as the customer sees it: the ledger's row, its reference when it names one of theirs. */
function toEntry(row: LedgerEntryRow): BalanceEntry {
  const refId = Number(row.ref_id);
  const overpaidOf = row.ref_type === null ? undefined : overpaidRefs[row.ref_type];
  const refType = overpaidOf ?? row.ref_type;
  const reference =
    refType !== null && isRefType(refType) && Number.isInteger(refId) ? { type: refType, id: refId } : null;
  return {
    id: Number(row.id),
    time: row.created_at.toISOString(),
    // Money moves only by these kinds (ledger.service.ts); anything else reads as an adjustment.
    kind: overpaidOf ? 'overpayment' : isKind(row.kind) ? row.kind : 'adjustment',
    amount_cents: Number(row.amount),
    balance_after_cents: Number(row.balance_after),
    reference,
    note: row.note,
  };
}

/** One page of the account's money movements, newest first (the ledger's `money` entries). */
export async function balanceHistory(
  ctx: AppContext,
  owner: { id: number },
  window: { page: number; pageSize: number },
) {
  const { list, total } = await pageOfEntries(
    ctx.db,
    { accountId: owner.id, asset: 'money' },
    { limit: window.pageSize, offset: (window.page - 1) * window.pageSize },
  );
  return { list: list.map(toEntry), total, page: window.page, page_size: window.pageSize };
}

/** Every movement (up to CSV_MAX_ROWS, newest first) as the export: exact cents, times in UTC. */
export async function balanceHistoryCsv(ctx: AppContext, owner: { id: number }): Promise<CsvFile> {
  const { list, total } = await pageOfEntries(
    ctx.db,
    { accountId: owner.id, asset: 'money' },
    { limit: CSV_MAX_ROWS, offset: 0 },
  );
  const rows = list
    .map(toEntry)
    .map((entry) => [
      entry.time,
      entry.kind,
      entry.reference ? `${entry.reference.type} ${entry.reference.id}` : '',
      String(entry.amount_cents),
      String(entry.balance_after_cents),
      entry.note ?? '',
    ]);
  const day = ctx.clock().toISOString().slice(0, 10);
  return {
    fileName: `balance-history-${day}.csv`,
    body: csvText(balanceCsvColumns, rows),
    truncated: total > CSV_MAX_ROWS,
  };
}
