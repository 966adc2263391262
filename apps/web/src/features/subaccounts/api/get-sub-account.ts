import type { SubAccount } from '@resiport/contract';
import { skipToken, useQuery, useQueryClient } from '@tanstack/react-query';
import { getSubAccounts } from './get-sub-accounts';
import { subAccountKey } from './keys';
import { cachedSubAccount, showMainTrafficLeft } from './sub-account-cache';

/**
 * One sub-account of this account by id, or null when there is none (unknown, deleted, or another
 * account's): GET /auth/sublist filtered by `id`.
 */
export async function getSubAccount(
  id: number,
  signal?: AbortSignal,
): Promise<{ sub: SubAccount | null; mainLeftBytes: number }> {
  const page = await getSubAccounts({ page: 1, pageSize: 1, search: '', id }, signal);
  return { sub: page.list[0] ?? null, mainLeftBytes: page.main_traffic_left_bytes };
}

/** The edit page's sub-account; the copy a list already holds shows at once while it loads. */
export function useSubAccount(id: number | undefined) {
  const queryClient = useQueryClient();
  return useQuery<SubAccount | null>({
    queryKey: subAccountKey(id ?? 0),
    queryFn:
      id === undefined
        ? skipToken
        : async ({ signal }) => {
            const { sub, mainLeftBytes } = await getSubAccount(id, signal);
            showMainTrafficLeft(queryClient, mainLeftBytes);
            return sub;
          },
    placeholderData: () => (id === undefined ? undefined : cachedSubAccount(queryClient, id)),
  });
}
