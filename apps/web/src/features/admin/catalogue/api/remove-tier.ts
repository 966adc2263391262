import { adminCatalogueEndpoints, type EndpointInput } from '@resiport/contract';
import { api } from '../../../../lib/api';
import { useCatalogueChange } from './catalogue-change';

/** POST /admin/catalogue/tier/remove (10070: the 1 GB base tier stays). */
export async function removeTier(input: EndpointInput<typeof adminCatalogueEndpoints.tierRemove>) {
  return (await api.send(adminCatalogueEndpoints.tierRemove, input)).data;
}

export function useRemoveTier() {
  return useCatalogueChange(removeTier);
}
