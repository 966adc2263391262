import { trafficEndpoints, type UsageData } from '@resiport/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { rangeParams, usageKey, type UsageFilter } from './keys';

/**
 * GET /traffic/usage: bytes per hour (ranges of up to 2 days) or per day, the biggest owners'
 * series, the range's totals, today / 7 / 30-day totals and when the figures were last updated.
 */
export async function getUsage(filter: UsageFilter, signal?: AbortSignal): Promise<UsageData> {
  return (await api.send(trafficEndpoints.usage, rangeParams(filter), { signal })).data;
}

/** The previous range stays on screen while the next one loads. */
export function useUsage(filter: UsageFilter) {
  return useQuery({
    queryKey: usageKey(filter),
    queryFn: ({ signal }) => getUsage(filter, signal),
    placeholderData: keepPreviousData,
  });
}
