import { accountEndpoints } from '@resiport/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** POST /account/forgetPwd → the server's "reset link sent" message. */
export async function requestPasswordReset(email: string): Promise<string> {
  return (await api.send(accountEndpoints.forgetPwd, { email })).msg;
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
