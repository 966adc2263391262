import { orderEndpoints } from '@resiport/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** GET /order/pricemenu: the per-GB price tiers by quantity. Prices change rarely; five minutes is fresh. */
export const priceMenuQuery = queryOptions({
  queryKey: ['order', 'pricemenu'],
  queryFn: async ({ signal }) => (await api.send(orderEndpoints.priceMenu, {}, { signal })).data,
  staleTime: 5 * 60_000,
  // Back on the page after a while: the prices it shows are asked again (an operator may have changed them).
  refetchOnWindowFocus: 'always',
});

export function usePriceMenu() {
  return useQuery(priceMenuQuery);
}
