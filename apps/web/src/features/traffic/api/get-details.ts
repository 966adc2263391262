import { trafficEndpoints, type DetailsData } from '@resiport/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { detailsKey, rangeParams, type PageFilter } from './keys';

/** GET /traffic/details: one page of usage rows (per period and owner or whitelisted IP), newest first. */
export async function getDetails(filter: PageFilter, signal?: AbortSignal): Promise<DetailsData> {
  return (
    await api.send(
      trafficEndpoints.details,
      { ...rangeParams(filter), page: filter.page, page_size: filter.pageSize },
      { signal },
    )
  ).data;
}

export function useDetails(filter: PageFilter, enabled = true) {
  return useQuery({
    queryKey: detailsKey(filter),
    queryFn: ({ signal }) => getDetails(filter, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}
