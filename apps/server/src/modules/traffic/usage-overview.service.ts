import {
  granularityOf,
  USAGE_TOP_OWNERS,
  type UsageData,
  type UsageOwnerSeries,
  type UsagePoint,
} from '@resiport/contract';
import type { AppContext } from '../../context';
import { subaccountUsernames } from '../subaccounts/subaccount-lookup.service';
import { periodsOf, utcDay, type DayRange } from './traffic-range';
import { checkOwnerFilter } from './traffic-owner.service';
import { byteCounts } from './traffic-view';
import type { RollupScope } from './usage-rollup.repository';
import {
  lastFlushAt,
  ownerPoints,
  recentTotals,
  sumsPerPeriodAndOwner,
  type OwnerPoint,
  type OwnerSums,
  type PeriodSums,
} from './usage-series.repository';

/**
 * The usage chart: every hour (ranges of up to 2 days) or day of the range, oldest first and zero
 * where nothing was used; the biggest owners' bytes on the same periods; the range's totals; and
 * today / 7 / 30 days up to today (server clock, UTC) from the daily rollup.
 */
export async function usageOverview(
  ctx: AppContext,
  owner: { id: number },
  input: { range: DayRange; subaccountId: number | undefined },
): Promise<UsageData> {
  await checkOwnerFilter(ctx, owner.id, input.subaccountId);
  const scope: RollupScope = {
    accountId: owner.id,
    grain: granularityOf(input.range.start, input.range.end),
    range: input.range,
    subaccountId: input.subaccountId,
  };
  const periods = periodsOf(input.range, scope.grain);
  const [sums, recent, flushed] = await Promise.all([
    sumsPerPeriodAndOwner(ctx.db, scope),
    recentTotals(ctx.db, { accountId: owner.id, subaccountId: input.subaccountId }, utcDay(ctx.clock())),
    lastFlushAt(ctx.db),
  ]);
  const top = biggest(sums.owners, USAGE_TOP_OWNERS);
  const topIds = top.map((o) => o.subaccount_id);
  const [points, usernames] = await Promise.all([
    ownerPoints(ctx.db, scope, topIds),
    // A deleted sub-account reads "Deleted sub-account #N" (no link to a page that is gone).
    subaccountUsernames(ctx.db, owner.id, topIds, true),
  ]);
  const series = seriesOf(periods, sums.periods);
  return {
    start_date: input.range.start,
    end_date: input.range.end,
    granularity: scope.grain,
    series,
    owners: ownersOf(periods, top, points, usernames),
    range_totals: {
      bytes_up: sum(series, 'bytes_up'),
      bytes_down: sum(series, 'bytes_down'),
      bytes_total: sum(series, 'bytes_total'),
      requests: sum(series, 'requests'),
    },
    totals: {
      today_bytes: Number(recent.today),
      last_7_days_bytes: Number(recent.last7),
      last_30_days_bytes: Number(recent.last30),
    },
    last_flush_at: flushed?.toISOString() ?? null,
  };
}

const zero = { bytes_up: 0n, bytes_down: 0n, connections: 0n };

function seriesOf(periods: string[], sums: PeriodSums[]): UsagePoint[] {
  const byPeriod = new Map(sums.map((row) => [row.period.toISOString(), row]));
  return periods.map((period) => ({ period, ...byteCounts(byPeriod.get(period) ?? zero) }));
}

const totalOf = (sums: OwnerSums) => sums.bytes_up + sums.bytes_down;

/** The `limit` owners with the most bytes (ties: lower id first); owners with none are left out. */
function biggest(owners: OwnerSums[], limit: number): OwnerSums[] {
  return owners
    .filter((o) => totalOf(o) > 0n)
    .sort((a, b) => {
      const diff = totalOf(b) - totalOf(a);
      return diff > 0n ? 1 : diff < 0n ? -1 : a.subaccount_id - b.subaccount_id;
    })
    .slice(0, limit);
}

function ownersOf(
  periods: string[],
  top: OwnerSums[],
  points: OwnerPoint[],
  usernames: Map<number, string>,
): UsageOwnerSeries[] {
  const index = new Map(periods.map((period, i) => [period, i]));
  const owners = new Map<number, UsageOwnerSeries>(
    top.map((o) => [
      o.subaccount_id,
      {
        subaccount_id: o.subaccount_id === 0 ? null : o.subaccount_id,
        username: usernames.get(o.subaccount_id) ?? null,
        bytes_total: Number(totalOf(o)),
        points: periods.map(() => 0),
      },
    ]),
  );
  for (const point of points) {
    const owner = owners.get(point.subaccount_id);
    const at = index.get(point.period.toISOString());
    if (!owner || at === undefined) continue;
    owner.points[at] = Number(point.bytes);
  }
  return [...owners.values()];
}

const sum = (series: UsagePoint[], key: 'bytes_up' | 'bytes_down' | 'bytes_total' | 'requests') =>
  series.reduce((total, point) => total + point[key], 0);
