import { paths } from '../../../config/paths';
import { isSafeLocalPath, toHref, type PendingNavigation } from '../../../lib/auth-storage';

/** Where to go after signing in: an explicit local redirect, else the remembered page, else the root. */
export function signInTarget(redirectParam: string | null | undefined, pending: PendingNavigation | null) {
  if (redirectParam && isSafeLocalPath(redirectParam)) return redirectParam;
  return pending ? toHref(pending) : paths.home;
}
