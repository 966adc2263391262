import { accountEndpoints } from '@resiport/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** GET /account/oauthProviders: which social sign-in buttons to show; on any failure, none (quietly). */
export async function getOAuthProviders() {
  return (await api.send(accountEndpoints.oauthProviders, {}, { quiet: true })).data;
}

export const oauthProvidersQuery = queryOptions({
  queryKey: ['account', 'oauthProviders'],
  queryFn: getOAuthProviders,
  staleTime: 5 * 60_000,
  retry: false,
});

export function useOAuthProviders() {
  return useQuery(oauthProvidersQuery);
}
