import { orderEndpoints } from '@resiport/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** GET /order/packages: the traffic packages on sale, the trial among them, in display order. */
export const packagesQuery = queryOptions({
  queryKey: ['order', 'packages'],
  queryFn: async ({ signal }) => (await api.send(orderEndpoints.packages, {}, { signal })).data,
  staleTime: 5 * 60_000,
  // Back on the page after a while: the prices it shows are asked again (an operator may have changed them).
  refetchOnWindowFocus: 'always',
});

export function usePackages() {
  return useQuery(packagesQuery);
}
