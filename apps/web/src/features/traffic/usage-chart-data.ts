import type { UsageData, UsageOwnerSeries } from '@resiport/contract';

/** Who a chart series or a table row is about. */
export type UsageOwner =
  | { kind: 'main' }
  | { kind: 'sub'; id: number; username: string | null }
  /** The rest of the account beyond the biggest owners. */
  | { kind: 'other' }
  /** The whole account (or the filtered owner), one series. */
  | { kind: 'total' };

export interface UsageSeries {
  key: string;
  owner: UsageOwner;
  /** Bytes per period, aligned with the periods. */
  bytes: number[];
}

export interface UsageChartData {
  /** Period starts, ISO 8601 UTC, oldest first. */
  periods: string[];
  series: UsageSeries[];
}

const ownerOf = (series: UsageOwnerSeries): UsageOwner =>
  series.subaccount_id === null
    ? { kind: 'main' }
    : { kind: 'sub', id: series.subaccount_id, username: series.username };

/**
 * `/traffic/usage` as chart series. Stacked: one series per owner the server singled out (the
 * biggest first, so at the bottom), then "other" for the rest of each period when there is any.
 * Otherwise, or when no owner was singled out, one series of the totals.
 */
export function usageChartData(data: UsageData, stacked: boolean): UsageChartData {
  const periods = data.series.map((point) => point.period);
  const totals = data.series.map((point) => point.bytes_total);
  const owners = data.owners.filter((owner) => owner.points.length === periods.length);
  if (!stacked || owners.length === 0) {
    return { periods, series: [{ key: 'total', owner: { kind: 'total' }, bytes: totals }] };
  }
  const series: UsageSeries[] = owners.map((owner) => ({
    key: owner.subaccount_id === null ? 'main' : `sub-${owner.subaccount_id}`,
    owner: ownerOf(owner),
    bytes: [...owner.points],
  }));
  const other = totals.map((total, index) =>
    Math.max(
      0,
      owners.reduce((rest, owner) => rest - (owner.points[index] ?? 0), total),
    ),
  );
  if (other.some((bytes) => bytes > 0)) series.push({ key: 'other', owner: { kind: 'other' }, bytes: other });
  return { periods, series };
}

export interface TopSubAccount {
  id: number;
  username: string | null;
  bytes: number;
  /** Of the whole account's usage in the range, 0..1. */
  share: number;
}

/** The sub-accounts among the biggest owners, biggest first (the main account is left out). */
export function topSubAccounts(data: Pick<UsageData, 'owners' | 'range_totals'>, limit = 5): TopSubAccount[] {
  const total = data.range_totals.bytes_total;
  return data.owners
    .filter((owner) => owner.subaccount_id !== null && owner.bytes_total > 0)
    .sort((a, b) => b.bytes_total - a.bytes_total)
    .slice(0, limit)
    .map((owner) => ({
      id: owner.subaccount_id ?? 0,
      username: owner.username,
      bytes: owner.bytes_total,
      share: total > 0 ? Math.min(1, owner.bytes_total / total) : 0,
    }));
}
