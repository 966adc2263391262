import { dynamicEndpoints } from '@resiport/contract';
import { skipToken, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { dynamicKey } from './keys';

/** GET /dynamic/citys?country=: the states and cities the pool tags in one country (often none). */
export async function getCities(country: string, signal?: AbortSignal) {
  return (await api.send(dynamicEndpoints.citys, { country }, { signal })).data;
}

/** Nothing to ask for "any country". */
export function useCities(country: string | undefined) {
  return useQuery({
    queryKey: [...dynamicKey, 'citys', country ?? null],
    queryFn: country === undefined ? skipToken : ({ signal }) => getCities(country, signal),
    staleTime: 5 * 60_000,
  });
}
