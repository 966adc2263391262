import { adminOverviewEndpoints, type OverviewData } from '@resiport/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api';

export const overviewKey = ['admin', 'overview'] as const;

/** GET /admin/overview: the business at a glance; refreshed every minute while the page is open. */
export async function getOverview(signal?: AbortSignal): Promise<OverviewData> {
  return (await api.send(adminOverviewEndpoints.get, {}, { signal })).data;
}

export function useOverview() {
  return useQuery({
    queryKey: overviewKey,
    queryFn: ({ signal }) => getOverview(signal),
    refetchInterval: 60_000,
  });
}
