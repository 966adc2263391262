import { adminCatalogueEndpoints, type AdminPackage } from '@resiport/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { catalogueKey } from './catalogue-change';

/** GET /admin/catalogue/packages: every package, inactive and trial ones too, with their order counts. */
export async function getPackages(signal?: AbortSignal): Promise<AdminPackage[]> {
  return (await api.send(adminCatalogueEndpoints.packages, {}, { signal })).data.list;
}

export function useAdminPackages() {
  return useQuery({
    queryKey: [...catalogueKey, 'packages'],
    queryFn: ({ signal }) => getPackages(signal),
    // The shape of a page, for the console's list component: every row on one page.
    select: (list) => ({ list, total: list.length }),
  });
}
