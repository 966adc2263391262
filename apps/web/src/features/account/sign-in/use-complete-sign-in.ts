import type { Session } from '@resiport/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { clearSession, takePendingNavigation, writeAuthData } from '../../../lib/auth-storage';
import { safeLocalStorage, safeSessionStorage } from '../../../lib/browser-storage';
import { currentUserQuery } from '../../../lib/current-user';
import { signInTarget } from './sign-in-target';

/**
 * Finishes any sign-in (password or OAuth): store the session, load the user, then resume the
 * pending navigation (docs/product.md#navigation-rules). If the user cannot be loaded the session is dropped again.
 */
export function useCompleteSignIn() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(
    async (session: Session, redirectParam?: string | null) => {
      writeAuthData(safeLocalStorage(), session);
      try {
        // Always fresh: the cache may hold another account's data from before.
        await queryClient.query({ ...currentUserQuery, staleTime: 0 });
      } catch (error) {
        clearSession(safeLocalStorage());
        throw error;
      }
      await navigate(signInTarget(redirectParam, takePendingNavigation(safeSessionStorage())), {
        replace: true,
      });
    },
    [navigate, queryClient],
  );
}
