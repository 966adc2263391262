import { adminCatalogueEndpoints, type AdminPackage, type EndpointInput } from '@resiport/contract';
import { api } from '../../../../lib/api';
import { useCatalogueChange } from './catalogue-change';

export type PackageCreateInput = EndpointInput<typeof adminCatalogueEndpoints.packageCreate>;
export type PackageUpdateInput = EndpointInput<typeof adminCatalogueEndpoints.packageUpdate>;

/**
 * POST /admin/catalogue/package/update with an id, /package/create without one (10072 code taken,
 * 10073 traffic, 10074 price).
 */
export async function savePackage(input: PackageCreateInput | PackageUpdateInput): Promise<AdminPackage> {
  const saved =
    'id' in input
      ? await api.send(adminCatalogueEndpoints.packageUpdate, input)
      : await api.send(adminCatalogueEndpoints.packageCreate, input);
  return saved.data;
}

export function useSavePackage() {
  return useCatalogueChange(savePackage);
}
