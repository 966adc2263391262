import { dynamicEndpoints } from '@resiport/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { dynamicKey } from './keys';

/** GET /dynamic/whiteipget: the account's whitelisted IPs (whether "Whitelisted IP" lines can work). */
export async function getDynamicWhitelist(signal?: AbortSignal): Promise<string[]> {
  return (await api.send(dynamicEndpoints.whitelist, {}, { signal })).data.list;
}

export function useDynamicWhitelist() {
  return useQuery({
    queryKey: [...dynamicKey, 'whitelist'],
    queryFn: ({ signal }) => getDynamicWhitelist(signal),
  });
}
