import { adminCatalogueEndpoints, type AdminCoupon, type EndpointInput } from '@resiport/contract';
import { api } from '../../../../lib/api';
import { useCatalogueChange } from './catalogue-change';

export type CouponCreateInput = EndpointInput<typeof adminCatalogueEndpoints.couponCreate>;
export type CouponUpdateInput = EndpointInput<typeof adminCatalogueEndpoints.couponUpdate>;

/** POST /admin/catalogue/coupon/create (10075 code taken, 10076–10079 terms, 10009 no such account). */
export async function createCoupon(input: CouponCreateInput): Promise<AdminCoupon> {
  return (await api.send(adminCatalogueEndpoints.couponCreate, input)).data;
}

/** POST /admin/catalogue/coupon/update: only the fields sent change (10078 a limit below the uses). */
export async function updateCoupon(input: CouponUpdateInput): Promise<AdminCoupon> {
  return (await api.send(adminCatalogueEndpoints.couponUpdate, input)).data;
}

export function useCreateCoupon() {
  return useCatalogueChange(createCoupon);
}

export function useUpdateCoupon() {
  return useCatalogueChange(updateCoupon);
}
