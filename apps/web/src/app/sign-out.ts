import type { QueryClient } from '@tanstack/react-query';
import { paths } from '../config/paths';
import { clearSession } from '../lib/auth-storage';
import { safeLocalStorage } from '../lib/browser-storage';

type Navigate = (to: string, options: { replace: boolean }) => void | Promise<void>;

/**
 * Signs out: forget the login first (so the sign-in page's guard lets us in), leave the shell, and
 * only then drop cached data, so the shell never re-renders without its user.
 */
export async function signOut(navigate: Navigate, queryClient: QueryClient): Promise<void> {
  clearSession(safeLocalStorage());
  await navigate(paths.login, { replace: true });
  queryClient.clear();
}
