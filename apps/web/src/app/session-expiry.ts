import type { QueryClient } from '@tanstack/react-query';
import { BASE_PATH } from '../config/app';
import { paths } from '../config/paths';
import { setSessionExpiredHandler } from '../lib/api';
import { savePendingNavigation, saveSessionEnded } from '../lib/auth-storage';
import { safeSessionStorage } from '../lib/browser-storage';
import { forgetSession } from '../lib/operator-view';
import { isPublicPath, stripBasename } from './route-model';
import { flatRoutes } from './navigation-guard';

interface Navigator {
  navigate(to: string, options: { replace: boolean }): Promise<void>;
}

/**
 * Code 10013 (docs/product.md#request-wrapper): forget the login and the cached user; on a non-public page go to sign-in,
 * keeping the query string and remembering the page so sign-in can return to it, with the server's
 * reason (e.g. "You were signed out from another device") for the sign-in page to show.
 */
export function installSessionExpiryHandler(router: Navigator, queryClient: QueryClient): void {
  setSessionExpiredHandler((message) => {
    forgetSession();
    const path = stripBasename(window.location.pathname, BASE_PATH);
    if (isPublicPath(flatRoutes, path)) {
      queryClient.clear();
      return;
    }
    const search = window.location.search;
    savePendingNavigation(safeSessionStorage(), { path, search });
    saveSessionEnded(safeSessionStorage(), message);
    // Drop cached data only once the shell is gone, so it never renders without its user.
    void router.navigate(`${paths.login}${search}`, { replace: true }).then(() => queryClient.clear());
  });
}
