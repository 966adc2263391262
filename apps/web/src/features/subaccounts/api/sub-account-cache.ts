import { ResultCode, type SubAccount } from '@resiport/contract';
import type { QueryClient } from '@tanstack/react-query';
import { currentUserQuery } from '../../../lib/current-user';
import { hasCode } from '../../../lib/api-error';
import { subAccountKey, subAccountListsKey, subAccountsKey, type SubAccountPage } from './keys';

/**
 * The main account's traffic left as an answer reports it. The header and the list's "available to
 * allocate" both read the current user, so they show it at once and agree.
 */
export function showMainTrafficLeft(queryClient: QueryClient, bytes: number): void {
  queryClient.setQueryData(currentUserQuery.queryKey, (old) =>
    old && old.traffic_left_bytes !== bytes ? { ...old, traffic_left_bytes: bytes } : old,
  );
}

/**
 * After traffic moved between the main account and a sub-account (allocate, recycle, delete, add
 * with traffic): the new main figure at once when the answer has it, then the same refetch of the
 * current user a paid order does, and the sub-account lists.
 */
export function refreshAfterTrafficChange(queryClient: QueryClient, mainLeftBytes?: number): void {
  if (mainLeftBytes !== undefined) showMainTrafficLeft(queryClient, mainLeftBytes);
  void queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey });
  void queryClient.invalidateQueries({ queryKey: subAccountsKey });
}

/** A sub-account as a change left it: every cached copy shows it at once; the lists are refetched. */
export function storeSubAccount(queryClient: QueryClient, sub: SubAccount): void {
  queryClient.setQueriesData<SubAccountPage>(
    { queryKey: subAccountListsKey },
    (old) => old && { ...old, list: old.list.map((row) => (row.id === sub.id ? sub : row)) },
  );
  queryClient.setQueryData<SubAccount | null>(subAccountKey(sub.id), sub);
  void queryClient.invalidateQueries({ queryKey: subAccountsKey });
}

/** The copy of a sub-account some list page already holds (to show an edit page at once). */
export function cachedSubAccount(queryClient: QueryClient, id: number): SubAccount | undefined {
  for (const [, page] of queryClient.getQueriesData<SubAccountPage>({ queryKey: subAccountListsKey })) {
    const sub = page?.list.find((row) => row.id === id);
    if (sub) return sub;
  }
  return undefined;
}

/**
 * A refusal that says the figures on screen are out of date: the sub-account is gone (10009,
 * deleted in another tab) or one side has less traffic than shown (10031, 10032).
 */
export function refreshAfterRefusal(queryClient: QueryClient, error: unknown): void {
  if (hasCode(error, ResultCode.MainTrafficShort) || hasCode(error, ResultCode.SubTrafficShort)) {
    refreshAfterTrafficChange(queryClient);
  } else if (hasCode(error, ResultCode.NotFound)) {
    void queryClient.invalidateQueries({ queryKey: subAccountsKey });
  }
}
