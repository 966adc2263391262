import { adminCatalogueEndpoints, type AdminPackage, type EndpointInput } from '@resiport/contract';
import { api } from '../../../../lib/api';
import { useCatalogueChange } from './catalogue-change';

/** POST /admin/catalogue/package/active: stops selling a package, or sells it again. */
export async function setPackageActive(
  input: EndpointInput<typeof adminCatalogueEndpoints.packageActive>,
): Promise<AdminPackage> {
  return (await api.send(adminCatalogueEndpoints.packageActive, input)).data;
}

export function useSetPackageActive() {
  return useCatalogueChange(setPackageActive);
}
