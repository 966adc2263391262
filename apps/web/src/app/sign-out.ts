import type { QueryClient } from '@tanstack/react-query';
import { paths } from '../config/paths';
import { endThisSession } from '../features/account/api/end-session';
import { forgetSession, readOperatorView } from '../lib/operator-view';

type Navigate = (to: string, options: { replace: boolean }) => void | Promise<void>;

/**
 * Signs out: the server ends this session (its token stops working everywhere), then forget the
 * login (so the sign-in page's guard lets us in), leave the shell, and only then drop cached data,
 * so the shell never re-renders without its user.
 */
export async function signOut(navigate: Navigate, queryClient: QueryClient): Promise<void> {
  const endsView = readOperatorView() !== null;
  // An operator's view tab holds a view token, not a session of its own: only the tab forgets it.
  if (!endsView) await endThisSession();
  // In an operator's view tab this ends the view only; the operator stays signed in elsewhere.
  forgetSession();
  // The tab becomes the operator's own portal (the sign-in page's guard sends it home): nothing cached
  // for the customer may reach it — the shell would show their user, and the guard would push their
  // language onto the operator's account.
  if (endsView) queryClient.clear();
  await navigate(paths.login, { replace: true });
  queryClient.clear();
}
