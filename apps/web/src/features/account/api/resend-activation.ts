import { accountPaths } from '@resiport/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { noData } from '../../../lib/api-client';

/** POST /account/resendActivation → the server's "activation link sent" message. */
export async function resendActivation(email: string): Promise<string> {
  return (await api.post(accountPaths.resendActivation, { params: { email }, schema: noData })).msg;
}

export function useResendActivation() {
  return useMutation({ mutationFn: resendActivation });
}
