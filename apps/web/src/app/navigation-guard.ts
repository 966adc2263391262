import type { QueryClient } from '@tanstack/react-query';
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { BASE_PATH } from '../config/app';
import { paths } from '../config/paths';
import { accessOf } from '../lib/access';
import { isApiError } from '../lib/api-error';
import { savePendingNavigation } from '../lib/auth-storage';
import { safeSessionStorage } from '../lib/browser-storage';
import { currentUserQuery, syncServerLanguage } from '../lib/current-user';
import { forgetSession, isSignedIn, readOperatorView } from '../lib/operator-view';
import { decideNavigation } from './guards';
import { findRoute, flattenRoutes, stripBasename } from './route-model';
import { routeTable } from './routes';

export const flatRoutes = flattenRoutes(routeTable);

function locationOf(request: Request) {
  const url = new URL(request.url);
  return { pathname: stripBasename(url.pathname, BASE_PATH), search: url.search };
}

/** Applies the navigation rules (docs/product.md#navigation-rules) to a navigation: the redirect response when one is due, else null. */
export function guardNavigation(request: Request): Response | null {
  const location = locationOf(request);
  const signedIn = isSignedIn();
  const decision = decideNavigation(findRoute(flatRoutes, location.pathname), location, signedIn);
  if (decision.kind === 'allow') return null;
  if (decision.remember) savePendingNavigation(safeSessionStorage(), decision.remember);
  return redirect(decision.to);
}

/** Loader of the public group (the /user/* pages). */
export function publicLoader({ request }: LoaderFunctionArgs): Response | null {
  return guardNavigation(request);
}

/**
 * Loader of the signed-in group: the guard, then the start-up of docs/product.md#startup — the user is fetched
 * before the shell renders (and a console page is refused to a non-operator); an answer with an
 * error code clears the session and sends the visitor
 * to sign-in with the query kept. A network failure is left to the error screen (the session may be fine).
 */
export function privateLoader(queryClient: QueryClient) {
  return async ({ request }: LoaderFunctionArgs): Promise<Response | null> => {
    const guarded = guardNavigation(request);
    if (guarded) return guarded;
    try {
      // Cached after the first load: moving between pages does not refetch the user.
      const user = await queryClient.query({ ...currentUserQuery, staleTime: 'static' });
      // A view tab shows the customer's portal in the operator's language, without changing theirs.
      if (!readOperatorView()) syncServerLanguage(queryClient, user);
      // The console's screens are for operators; the server refuses its calls to anyone else anyway.
      const route = findRoute(flatRoutes, locationOf(request).pathname);
      if (route?.access === 'operator' && !accessOf(user).canSeeAdmin) return redirect(paths.home);
    } catch (error) {
      if (!isApiError(error) || error.code === null) throw error;
      forgetSession();
      const location = locationOf(request);
      savePendingNavigation(safeSessionStorage(), { path: location.pathname, search: location.search });
      return redirect(`${paths.login}${location.search}`);
    }
    return null;
  };
}
