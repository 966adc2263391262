import { accountEndpoints } from '@resiport/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** POST /account/resendActivation → the server's "activation link sent" message. */
export async function resendActivation(email: string): Promise<string> {
  return (await api.send(accountEndpoints.resendActivation, { email })).msg;
}

export function useResendActivation() {
  return useMutation({ mutationFn: resendActivation });
}
