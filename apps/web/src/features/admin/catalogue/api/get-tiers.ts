import { adminCatalogueEndpoints, type PriceTier } from '@resiport/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { catalogueKey } from './catalogue-change';

/** GET /admin/catalogue/tiers: every per-GB price tier, by quantity. */
export async function getTiers(signal?: AbortSignal): Promise<PriceTier[]> {
  return (await api.send(adminCatalogueEndpoints.tiers, {}, { signal })).data.list;
}

export function useTiers() {
  return useQuery({
    queryKey: [...catalogueKey, 'tiers'],
    queryFn: ({ signal }) => getTiers(signal),
    // The shape of a page, for the console's list component: every row on one page.
    select: (list) => ({ list, total: list.length }),
  });
}
