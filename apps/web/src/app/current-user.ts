import type { UserInfo } from '@resiport/contract';
import { queryOptions, useSuspenseQuery, type QueryClient } from '@tanstack/react-query';
import { getUserInfo } from '../features/account/api/get-user-info';
import { setLanguage } from '../features/account/api/set-language';
import { activeLocale } from '../lib/active-locale';
import { writeCachedUserInfo } from '../lib/auth-storage';
import { safeLocalStorage } from '../lib/browser-storage';
import { serverLangOfLocale } from '../lib/i18n';

/**
 * The current user (Ant Design Pro's initialState.currentUser, spec §4): fetched when a private
 * page first loads, cached in localStorage `userInfo`, and shared by every screen.
 */
export const currentUserQuery = queryOptions({
  queryKey: ['user', 'info'],
  queryFn: async (): Promise<UserInfo> => {
    const info = await getUserInfo();
    writeCachedUserInfo(safeLocalStorage(), info);
    return info;
  },
  staleTime: 60_000,
});

/** Inside the main layout the router has already loaded the user, so this never suspends there. */
export function useCurrentUser(): UserInfo {
  return useSuspenseQuery(currentUserQuery).data;
}

/**
 * The server words its messages in the account's language; when this browser shows another one,
 * the account follows the UI so toasts and mails match what the user reads. Best effort.
 */
export function syncServerLanguage(queryClient: QueryClient, user: UserInfo): void {
  const lang = serverLangOfLocale(activeLocale);
  if (user.lang === lang) return;
  setLanguage(lang).then(
    () => queryClient.setQueryData(currentUserQuery.queryKey, (old) => old && { ...old, lang }),
    () => undefined,
  );
}
