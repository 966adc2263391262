import type { QueryClient } from '@tanstack/react-query';
import { paths } from '../config/paths';
import { forgetSession } from '../lib/operator-view';

type Navigate = (to: string, options: { replace: boolean }) => void | Promise<void>;

/**
 * Signs out: forget the login first (so the sign-in page's guard lets us in), leave the shell, and
 * only then drop cached data, so the shell never re-renders without its user.
 */
export async function signOut(navigate: Navigate, queryClient: QueryClient): Promise<void> {
  // In an operator's view tab this ends the view only; the operator stays signed in elsewhere.
  forgetSession();
  await navigate(paths.login, { replace: true });
  queryClient.clear();
}
