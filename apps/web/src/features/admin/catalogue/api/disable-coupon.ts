import { adminCatalogueEndpoints, type AdminCoupon, type EndpointInput } from '@resiport/contract';
import { api } from '../../../../lib/api';
import { useCatalogueChange } from './catalogue-change';

/** POST /admin/catalogue/coupon/disable: customers can no longer use it; placed orders keep their discount. */
export async function disableCoupon(
  input: EndpointInput<typeof adminCatalogueEndpoints.couponDisable>,
): Promise<AdminCoupon> {
  return (await api.send(adminCatalogueEndpoints.couponDisable, input)).data;
}

export function useDisableCoupon() {
  return useCatalogueChange(disableCoupon);
}
