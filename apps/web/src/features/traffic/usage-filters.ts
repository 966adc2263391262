import { trafficChangeKinds, type TrafficChangeKind } from '@resiport/contract';
import {
  DEFAULT_PRESET,
  presetOf,
  presetRange,
  rangePresets,
  rangeProblem,
  type DateRange,
  type RangePreset,
} from './date-range';

/**
 * The /usage page's state, kept in the query string like the proxy generator's settings, so a view
 * can be bookmarked or shared: `?tab=details&range=7d&sub=12`, or `?from=2026-01-01&to=2026-01-31`.
 * Defaults (change record, last 30 days, every account, every kind, page 1) are left out; anything
 * unreadable falls back to them.
 */

export const usageTabs = ['changes', 'details'] as const;
export type UsageTab = (typeof usageTabs)[number];

/** Whose traffic: everyone's, the main account's own (and its whitelisted IPs'), or one sub-account's. */
export type OwnerFilter = 'all' | 'main' | number;

/** A preset stays relative (a bookmark of "last 7 days" means the last 7 days when opened). */
export type RangeChoice = { preset: RangePreset } | { custom: DateRange };

export interface UsageFilters {
  tab: UsageTab;
  range: RangeChoice;
  owner: OwnerFilter;
  /** Change record only; undefined: every kind. */
  kind: TrafficChangeKind | undefined;
  page: number;
}

export const defaultFilters: UsageFilters = {
  tab: 'changes',
  range: { preset: DEFAULT_PRESET },
  owner: 'all',
  kind: undefined,
  page: 1,
};

const params = {
  tab: 'tab',
  preset: 'range',
  from: 'from',
  to: 'to',
  owner: 'sub',
  kind: 'kind',
  page: 'page',
};

const oneOf = <T extends string>(list: readonly T[], value: string | null): T | undefined =>
  list.find((item) => item === value);

function ownerFrom(value: string | null): OwnerFilter {
  if (value === 'main') return 'main';
  if (value === null || !/^\d{1,15}$/.test(value)) return 'all';
  const id = Number(value);
  return id > 0 ? id : 'all';
}

function rangeFrom(query: URLSearchParams, today: string): RangeChoice {
  const preset = oneOf(rangePresets, query.get(params.preset));
  if (preset) return { preset };
  const custom = { start: query.get(params.from) ?? '', end: query.get(params.to) ?? '' };
  return rangeProblem(custom, today) === undefined ? { custom } : defaultFilters.range;
}

/** The state a query string describes, on the given (UTC) today. */
export function filtersFromQuery(query: URLSearchParams, today: string): UsageFilters {
  const page = query.get(params.page);
  return {
    tab: oneOf(usageTabs, query.get(params.tab)) ?? defaultFilters.tab,
    range: rangeFrom(query, today),
    owner: ownerFrom(query.get(params.owner)),
    kind: oneOf(trafficChangeKinds, query.get(params.kind)),
    page: page !== null && /^\d{1,6}$/.test(page) && Number(page) >= 1 ? Number(page) : 1,
  };
}

/** `previous` with the state written over it; defaults are left out, other parameters kept. */
export function filtersToQuery(filters: UsageFilters, previous: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(previous);
  const put = (name: string, value: string | undefined) => {
    if (value === undefined) next.delete(name);
    else next.set(name, value);
  };
  put(params.tab, filters.tab === defaultFilters.tab ? undefined : filters.tab);
  const { range } = filters;
  const preset = 'preset' in range ? range.preset : undefined;
  put(params.preset, preset === DEFAULT_PRESET ? undefined : preset);
  put(params.from, 'custom' in range ? range.custom.start : undefined);
  put(params.to, 'custom' in range ? range.custom.end : undefined);
  put(params.owner, filters.owner === 'all' ? undefined : String(filters.owner));
  put(params.kind, filters.kind);
  put(params.page, filters.page === 1 ? undefined : String(filters.page));
  return next;
}

/** A change of filters; anything but the page itself starts again at page 1. */
export function changeFilters(filters: UsageFilters, change: Partial<UsageFilters>): UsageFilters {
  const onlyPage = Object.keys(change).every((key) => key === 'page');
  return { ...filters, ...change, page: onlyPage ? (change.page ?? filters.page) : 1 };
}

/** A picked range, remembered as a preset when it is one (so the bookmark stays relative). */
export function rangeChoiceOf(range: DateRange, today: string): RangeChoice {
  const preset = presetOf(range, today);
  return preset ? { preset } : { custom: range };
}

/** The days a choice covers on the given (UTC) today. */
export function resolveRange(choice: RangeChoice, today: string): DateRange {
  return 'preset' in choice ? presetRange(choice.preset, today) : choice.custom;
}

/** The calls' `subaccount_id`: none for everyone, 0 for the main account, else the sub-account's id. */
export function ownerParam(owner: OwnerFilter): number | undefined {
  if (owner === 'all') return undefined;
  return owner === 'main' ? 0 : owner;
}

/**
 * Whether the tab shows less than everything of the default view (another range, one account, one
 * kind): an empty table then says "nothing matches" rather than "nothing yet".
 */
export function isFiltered(filters: UsageFilters, tab: UsageTab): boolean {
  const defaultRange = 'preset' in filters.range && filters.range.preset === DEFAULT_PRESET;
  return !defaultRange || filters.owner !== 'all' || (tab === 'changes' && filters.kind !== undefined);
}

/** The last page there is for `total` rows (at least 1). */
export function lastPageOf(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
