import { adminCatalogueEndpoints, type EndpointData } from '@resiport/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { catalogueKey } from './catalogue-change';

export type CouponUsesPage = EndpointData<typeof adminCatalogueEndpoints.couponUses>;

/** GET /admin/catalogue/coupon/uses: one page of a coupon's uses per account, most uses first. */
export async function getCouponUses(id: number, page: number, pageSize: number, signal?: AbortSignal) {
  const query = { id, page, page_size: pageSize };
  return (await api.send(adminCatalogueEndpoints.couponUses, query, { signal })).data;
}

export function useCouponUses(id: number, page: number, pageSize: number) {
  return useQuery({
    queryKey: [...catalogueKey, 'coupon-uses', id, page, pageSize],
    queryFn: ({ signal }) => getCouponUses(id, page, pageSize, signal),
    placeholderData: keepPreviousData,
  });
}
