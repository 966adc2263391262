import { accountPaths, oauthProvidersData } from '@resiport/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** GET /account/oauthProviders: which social sign-in buttons to show. */
export async function getOAuthProviders() {
  return (await api.get(accountPaths.oauthProviders, { schema: oauthProvidersData })).data;
}

export const oauthProvidersQuery = queryOptions({
  queryKey: ['account', 'oauthProviders'],
  queryFn: getOAuthProviders,
  staleTime: 5 * 60_000,
});

export function useOAuthProviders() {
  return useQuery(oauthProvidersQuery);
}
