import { subEndpoints } from '@resiport/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { subAccountListKey, type SubAccountPage, type SubAccountsFilter } from './keys';
import { showMainTrafficLeft } from './sub-account-cache';

/** GET /auth/sublist: one page of sub-accounts (newest first), searched by username or remark on the server. */
export async function getSubAccounts(
  { page, pageSize, search, id }: SubAccountsFilter & { id?: number },
  signal?: AbortSignal,
): Promise<SubAccountPage> {
  const text = search.trim();
  return (
    await api.send(
      subEndpoints.list,
      { page, page_size: pageSize, search: text === '' ? undefined : text, id },
      { signal },
    )
  ).data;
}

/** The list also reports the main account's traffic left, the freshest figure: the header takes it too. */
export function useSubAccounts(filter: SubAccountsFilter) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: subAccountListKey(filter),
    queryFn: async ({ signal }) => {
      const page = await getSubAccounts(filter, signal);
      showMainTrafficLeft(queryClient, page.main_traffic_left_bytes);
      return page;
    },
    placeholderData: keepPreviousData,
  });
}
