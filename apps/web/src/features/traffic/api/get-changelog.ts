import { trafficEndpoints, type ChangelogData } from '@resiport/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { changelogKey, rangeParams, type ChangelogFilter } from './keys';

/**
 * GET /traffic/changelog: one page of the traffic change record (purchases, trials, allocations,
 * recycling, refunds …), newest first, each with the balance before and after.
 */
export async function getChangelog(filter: ChangelogFilter, signal?: AbortSignal): Promise<ChangelogData> {
  return (
    await api.send(
      trafficEndpoints.changelog,
      { ...rangeParams(filter), kind: filter.kind, page: filter.page, page_size: filter.pageSize },
      { signal },
    )
  ).data;
}

export function useChangelog(filter: ChangelogFilter, enabled = true) {
  return useQuery({
    queryKey: changelogKey(filter),
    queryFn: ({ signal }) => getChangelog(filter, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}
