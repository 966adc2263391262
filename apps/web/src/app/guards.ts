import type { PendingNavigation } from '../lib/auth-storage';
import { paths } from '../config/paths';
import type { FlatRoute } from './route-model';

export type GuardDecision =
  { kind: 'allow' } | { kind: 'redirect'; to: string; remember?: PendingNavigation };

export interface GuardLocation {
  pathname: string;
  search: string;
}

/**
 * What the router does with a navigation (docs/product.md#navigation-rules), in this order:
 * a redirect entry forwards (keeping the query); a signed-out visitor on a non-public page goes to
 * sign-in with the query kept and the destination remembered; a signed-in user on a public page
 * goes to the root. `route` undefined means an unknown path, which counts as non-public.
 */
export function decideNavigation(
  route: FlatRoute | undefined,
  location: GuardLocation,
  signedIn: boolean,
): GuardDecision {
  if (route?.redirect !== undefined) return { kind: 'redirect', to: `${route.redirect}${location.search}` };
  const access = route?.access ?? 'private';
  if (access !== 'public' && !signedIn) {
    return {
      kind: 'redirect',
      to: `${paths.login}${location.search}`,
      remember: { path: location.pathname, search: location.search },
    };
  }
  if (access === 'public' && signedIn) return { kind: 'redirect', to: paths.home };
  return { kind: 'allow' };
}
