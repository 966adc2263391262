import { accountPaths } from '@resiport/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { noData } from '../../../lib/api-client';

/** POST /account/forgetPwd → the server's "reset link sent" message. */
export async function requestPasswordReset(email: string): Promise<string> {
  return (await api.post(accountPaths.forgetPwd, { params: { email }, schema: noData })).msg;
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
