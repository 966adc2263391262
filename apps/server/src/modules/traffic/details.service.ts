import { granularityOf, type DetailsData, type UsageRow } from '@resiport/contract';
import type { AppContext } from '../../context';
import { subaccountUsernames } from '../subaccounts/subaccount-lookup.service';
import { CSV_MAX_ROWS, type CsvFile } from '../../lib/csv';
import { csvFileName } from './csv-text';
import { detailsCsv, type NamedRollupRow } from './details-csv';
import type { DayRange } from './traffic-range';
import { checkOwnerFilter, sourceIpFilter } from './traffic-owner.service';
import { rollupRows, rollupTotals, type RollupRow, type RollupScope } from './usage-rollup.repository';
import { lastFlushAt } from './usage-series.repository';
import { byteCounts } from './traffic-view';

export interface DetailsInput {
  range: DayRange;
  subaccountId: number | undefined;
  sourceIp: string | undefined;
}

/** The rollup rows a details query reads: per hour for ranges of up to 2 days, else per day. */
async function scopeOf(ctx: AppContext, accountId: number, input: DetailsInput): Promise<RollupScope> {
  await checkOwnerFilter(ctx, accountId, input.subaccountId);
  return {
    accountId,
    grain: granularityOf(input.range.start, input.range.end),
    range: input.range,
    subaccountId: input.subaccountId,
    sourceIp: sourceIpFilter(input.sourceIp),
  };
}

/**
 * Usage detail: one row per period and owner — a sub-account, or the main account per whitelisted
 * source address — newest period first, paged, with the totals of the whole filtered range.
 */
export async function usageDetails(
  ctx: AppContext,
  owner: { id: number },
  input: DetailsInput & { page: number; pageSize: number },
): Promise<DetailsData> {
  const scope = await scopeOf(ctx, owner.id, input);
  const window = { limit: input.pageSize, offset: (input.page - 1) * input.pageSize };
  const [rows, totals, flushed] = await Promise.all([
    rollupRows(ctx.db, scope, window),
    rollupTotals(ctx.db, scope),
    lastFlushAt(ctx.db),
  ]);
  return {
    list: (await named(ctx, owner.id, rows)).map(toUsageRow),
    total: totals.rows,
    page: input.page,
    page_size: input.pageSize,
    start_date: scope.range.start,
    end_date: scope.range.end,
    granularity: scope.grain,
    totals: byteCounts(totals),
    last_flush_at: flushed?.toISOString() ?? null,
  };
}

/** The same rows as CSV, all of them up to CSV_MAX_ROWS (newest first). */
export async function usageDetailsCsv(
  ctx: AppContext,
  owner: { id: number },
  input: DetailsInput,
): Promise<CsvFile> {
  const scope = await scopeOf(ctx, owner.id, input);
  const rows = await rollupRows(ctx.db, scope, { limit: CSV_MAX_ROWS + 1, offset: 0 });
  const truncated = rows.length > CSV_MAX_ROWS;
  return {
    fileName: csvFileName('details', scope.range.start, scope.range.end),
    body: detailsCsv(await named(ctx, owner.id, truncated ? rows.slice(0, CSV_MAX_ROWS) : rows)),
    truncated,
  };
}

/** The rows with their sub-accounts' usernames: one lookup for the distinct sub-accounts among them. */
async function named(ctx: AppContext, accountId: number, rows: RollupRow[]): Promise<NamedRollupRow[]> {
  const usernames = await subaccountUsernames(
    ctx.db,
    accountId,
    rows.map((row) => row.subaccount_id),
  );
  return rows.map((row) => ({ ...row, username: usernames.get(row.subaccount_id) ?? null }));
}

function toUsageRow(row: NamedRollupRow): UsageRow {
  return {
    period: row.period.toISOString(),
    subaccount_id: row.subaccount_id === 0 ? null : row.subaccount_id,
    username: row.username,
    source_ip: row.source_ip === '' ? null : row.source_ip,
    ...byteCounts(row),
  };
}
