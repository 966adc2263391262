import { accountEndpoints, type UserInfo } from '@resiport/contract';
import { queryOptions, useSuspenseQuery, type QueryClient } from '@tanstack/react-query';
import { activeLocale } from './active-locale';
import { api } from './api';
import { writeCachedUserInfo } from './auth-storage';
import { safeLocalStorage } from './browser-storage';
import { serverLangOfLocale } from './i18n';
import { setServerLanguage } from './server-language';

/**
 * The current user (Ant Design Pro's initialState.currentUser, docs/product.md#startup): GET /user/info when a
 * private page first loads, cached in localStorage `userInfo`, and shared by every screen. It is
 * here, below the features, because every feature that moves money or traffic updates it.
 */
export const currentUserQuery = queryOptions({
  queryKey: ['user', 'info'],
  queryFn: async (): Promise<UserInfo> => {
    const info = (await api.send(accountEndpoints.userInfo, {})).data;
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
  setServerLanguage(lang).then(
    () => queryClient.setQueryData(currentUserQuery.queryKey, (old) => old && { ...old, lang }),
    () => undefined,
  );
}
