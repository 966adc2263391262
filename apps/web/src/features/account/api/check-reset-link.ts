import { accountEndpoints, type ResetLinkCheck } from '@resiport/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/**
 * POST /account/checkResetLink: whether the reset link the page was opened with still works, asked
 * as the page opens so a used or expired link is said at once, not after a password is chosen.
 */
export async function checkResetLink(token: string): Promise<ResetLinkCheck> {
  return (await api.send(accountEndpoints.checkResetLink, { token }, { quiet: true })).data;
}

export function useResetLinkCheck(token: string) {
  return useQuery({
    queryKey: ['account', 'resetLink', token],
    queryFn: () => checkResetLink(token),
    // A link's state only changes when it is used, which this page itself does.
    staleTime: Infinity,
    retry: false,
  });
}
