import { dynamicEndpoints } from '@resiport/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { dynamicKey } from './keys';

/** GET /dynamic/gateways: the proxy hostnames with their HTTP and SOCKS5 ports. They change rarely. */
export const gatewaysQuery = queryOptions({
  queryKey: [...dynamicKey, 'gateways'],
  queryFn: async ({ signal }) => (await api.send(dynamicEndpoints.gateways, {}, { signal })).data.list,
  staleTime: 5 * 60_000,
});

export function useGateways() {
  return useQuery(gatewaysQuery);
}
