import { whitelistEndpoints, type EndpointData } from '@resiport/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export type WhitelistPage = EndpointData<typeof whitelistEndpoints.list>;

/** Every whitelist query starts with this key; invalidate it after any change. */
export const whitelistKey = ['whitelist'] as const;

/**
 * GET /auth/whiteipget: one page of whitelisted addresses, with how many the account may have and
 * the address this browser calls from (for "add my current IP").
 */
export async function getWhitelist(
  page: number,
  pageSize: number,
  signal?: AbortSignal,
): Promise<WhitelistPage> {
  return (await api.send(whitelistEndpoints.list, { page, page_size: pageSize }, { signal })).data;
}

export function useWhitelist(page: number, pageSize: number) {
  return useQuery({
    queryKey: [...whitelistKey, page, pageSize],
    queryFn: ({ signal }) => getWhitelist(page, pageSize, signal),
    placeholderData: keepPreviousData,
  });
}
