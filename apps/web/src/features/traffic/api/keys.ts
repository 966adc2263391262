import type { TrafficChangeKind } from '@resiport/contract';
import type { DateRange } from '../date-range';

/** A range of UTC days; undefined: the calls' default (the last 30 days up to today). */
export interface UsageFilter {
  range?: DateRange;
  /** `subaccount_id`: undefined for everyone, 0 for the main account, else a sub-account. */
  subaccountId?: number;
}

export interface PageFilter extends UsageFilter {
  page: number;
  pageSize: number;
}

export interface ChangelogFilter extends PageFilter {
  kind?: TrafficChangeKind;
}

/**
 * Every traffic query starts with this key: invalidate it when traffic moves (a purchase, an
 * allocation) to refetch the change record and the usage.
 */
export const trafficKey = ['traffic'] as const;

export const usageKey = (filter: UsageFilter) => [...trafficKey, 'usage', { ...filter }] as const;
export const detailsKey = (filter: PageFilter) => [...trafficKey, 'details', { ...filter }] as const;
export const changelogKey = (filter: ChangelogFilter) => [...trafficKey, 'changelog', { ...filter }] as const;

/** The range and owner as the calls' query parameters. */
export const rangeParams = ({ range, subaccountId }: UsageFilter) => ({
  start_date: range?.start,
  end_date: range?.end,
  subaccount_id: subaccountId,
});
