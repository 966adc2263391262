import { adminCatalogueEndpoints, type EndpointData, type EndpointInput } from '@resiport/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { catalogueKey } from './catalogue-change';

export type CouponsQuery = EndpointInput<typeof adminCatalogueEndpoints.coupons>;
export type CouponsPage = EndpointData<typeof adminCatalogueEndpoints.coupons>;

/** GET /admin/catalogue/coupons: one page of coupons, newest first, with their uses. */
export async function getCoupons(query: CouponsQuery, signal?: AbortSignal): Promise<CouponsPage> {
  return (await api.send(adminCatalogueEndpoints.coupons, query, { signal })).data;
}

export function useCoupons(query: CouponsQuery) {
  return useQuery({
    queryKey: [...catalogueKey, 'coupons', query],
    queryFn: ({ signal }) => getCoupons(query, signal),
    placeholderData: keepPreviousData,
  });
}
