import { adminCatalogueEndpoints, type EndpointInput, type PriceTier } from '@resiport/contract';
import { api } from '../../../../lib/api';
import { useCatalogueChange } from './catalogue-change';

export type SetTierInput = EndpointInput<typeof adminCatalogueEndpoints.tierSet>;

/** POST /admin/catalogue/tier/set: adds a tier or changes its price (10071 a price not above zero). */
export async function setTier(input: SetTierInput): Promise<PriceTier> {
  return (await api.send(adminCatalogueEndpoints.tierSet, input)).data;
}

export function useSetTier() {
  return useCatalogueChange(setTier);
}
