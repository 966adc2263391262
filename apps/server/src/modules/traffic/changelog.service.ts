import {
  shiftDate,
  type ChangelogData,
  type TrafficChange,
  type TrafficChangeKind,
} from '@resiport/contract';
import type { AppContext } from '../../context';
import { pageOfTrafficChanges } from '../ledger/ledger.service';
import { subaccountUsernames } from '../subaccounts/subaccount-lookup.service';
import { changesCsv, type NamedChangeRow } from './changes-csv';
import { CSV_MAX_ROWS, type CsvFile } from '../../lib/csv';
import { csvFileName } from './csv-text';
import type { DayRange } from './traffic-range';
import { checkOwnerFilter } from './traffic-owner.service';

export interface ChangelogFilterInput {
  range: DayRange;
  kind: TrafficChangeKind | undefined;
  subaccountId: number | undefined;
}

export interface ChangelogInput extends ChangelogFilterInput {
  page: number;
  pageSize: number;
}

/**
 * The rows of the traffic change record (docs/architecture.md#ledger: a view of the ledger): the account's traffic
 * entries of the customer-facing kinds and its gateway usage summed per owner and UTC day, newest
 * first, each with the balance it changed before and after (the rows of an owner chain: decision
 * 027), named, one window of them, and how many there are.
 */
async function changeRows(
  ctx: AppContext,
  accountId: number,
  input: ChangelogFilterInput,
  window: { limit: number; offset: number },
): Promise<{ rows: NamedChangeRow[]; total: number }> {
  await checkOwnerFilter(ctx, accountId, input.subaccountId);
  const { list, total } = await pageOfTrafficChanges(
    ctx.db,
    {
      accountId,
      from: new Date(`${input.range.start}T00:00:00Z`),
      to: new Date(`${shiftDate(input.range.end, 1)}T00:00:00Z`),
      kind: input.kind,
      subaccountId: input.subaccountId,
    },
    window,
  );
  const usernames = await subaccountUsernames(
    ctx.db,
    accountId,
    list.map((row) => row.subaccount_id),
  );
  const rows = list.map((row) => ({ ...row, username: usernames.get(row.subaccount_id ?? 0) ?? null }));
  return { rows, total };
}

/** One page of the change record. */
export async function trafficChangelog(
  ctx: AppContext,
  owner: { id: number },
  input: ChangelogInput,
): Promise<ChangelogData> {
  const window = { limit: input.pageSize, offset: (input.page - 1) * input.pageSize };
  const { rows, total } = await changeRows(ctx, owner.id, input, window);
  return {
    list: rows.map(toChange),
    total,
    page: input.page,
    page_size: input.pageSize,
    start_date: input.range.start,
    end_date: input.range.end,
  };
}

/** The same rows as CSV, all of them up to CSV_MAX_ROWS (newest first, like the screen). */
export async function trafficChangelogCsv(
  ctx: AppContext,
  owner: { id: number },
  input: ChangelogFilterInput,
): Promise<CsvFile> {
  const { rows, total } = await changeRows(ctx, owner.id, input, { limit: CSV_MAX_ROWS, offset: 0 });
  return {
    fileName: csvFileName('changes', input.range.start, input.range.end),
    body: changesCsv(rows),
    truncated: total > CSV_MAX_ROWS,
  };
}

function toChange(row: NamedChangeRow): TrafficChange {
  return {
    id: Number(row.id),
    time: row.created_at.toISOString(),
    kind: row.kind as TrafficChangeKind,
    subaccount_id: row.subaccount_id,
    username: row.username,
    amount_bytes: Number(row.amount),
    balance_before_bytes: Number(row.balance_after - row.amount),
    balance_after_bytes: Number(row.balance_after),
    since: row.since ? row.since.toISOString() : null,
    for_subaccounts_bytes: Number(row.for_subaccounts),
  };
}
