import { ledgerCsvColumns } from '@resiport/contract';
import type { AppContext } from '../../../context';
import { pageOfEntries, type LedgerEntryFilter, type LedgerEntryRow } from '../../ledger/ledger.service';
import { toLedgerEntry } from '../../ledger/ledger-view';
import { subaccountUsernames } from '../../subaccounts/subaccount-lookup.service';
import { CSV_MAX_ROWS, csvText, type CsvFile } from '../../../lib/csv';
import { customerOrNotFound } from './customer-detail.service';

type NamedEntry = LedgerEntryRow & { username: string | null };

async function namedEntries(
  ctx: AppContext,
  filter: LedgerEntryFilter,
  window: { limit: number; offset: number },
): Promise<{ list: NamedEntry[]; total: number }> {
  await customerOrNotFound(ctx, filter.accountId);
  const page = await pageOfEntries(ctx.db, filter, window);
  const usernames = await subaccountUsernames(
    ctx.db,
    filter.accountId,
    page.list.map((entry) => entry.subaccount_id),
  );
  const list = page.list.map((entry) => ({
    ...entry,
    username: entry.subaccount_id === null ? null : (usernames.get(entry.subaccount_id) ?? null),
  }));
  return { list, total: page.total };
}

/** One page of the customer's ledger, money and traffic, newest first. */
export async function customerLedger(
  ctx: AppContext,
  filter: LedgerEntryFilter,
  window: { page: number; pageSize: number },
) {
  const { list, total } = await namedEntries(ctx, filter, {
    limit: window.pageSize,
    offset: (window.page - 1) * window.pageSize,
  });
  return {
    list: list.map((entry) => toLedgerEntry(entry, entry.username)),
    total,
    page: window.page,
    page_size: window.pageSize,
  };
}

/**
 * The same entries as a file (`ledgerCsvColumns`), all of them up to CSV_MAX_ROWS, newest first:
 * amounts exact and signed (never through a float), an empty subaccount for the main account.
 */
export async function customerLedgerCsv(ctx: AppContext, filter: LedgerEntryFilter): Promise<CsvFile> {
  const { list, total } = await namedEntries(ctx, filter, { limit: CSV_MAX_ROWS, offset: 0 });
  const rows = list.map((entry) => [
    entry.created_at.toISOString(),
    entry.asset,
    entry.kind,
    entry.username ?? '',
    entry.amount.toString(),
    entry.balance_after.toString(),
    entry.ref_type ?? '',
    entry.ref_id ?? '',
    entry.note ?? '',
  ]);
  const what = [filter.asset, filter.kind].filter(Boolean).join('-');
  return {
    fileName: `ledger-${filter.accountId}${what ? `-${what}` : ''}.csv`,
    body: csvText(ledgerCsvColumns, rows),
    truncated: total > CSV_MAX_ROWS,
  };
}
