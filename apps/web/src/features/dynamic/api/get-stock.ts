import { dynamicEndpoints } from '@resiport/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { dynamicKey } from './keys';

/** GET /dynamic/stock: the countries the exit pool can put a connection in, named in English and Russian. */
export const stockQuery = queryOptions({
  queryKey: [...dynamicKey, 'stock'],
  queryFn: async ({ signal }) => (await api.send(dynamicEndpoints.stock, {}, { signal })).data,
  staleTime: 5 * 60_000,
});

export function useStock() {
  return useQuery(stockQuery);
}
