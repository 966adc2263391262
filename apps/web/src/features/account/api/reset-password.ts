import { accountEndpoints, type EndpointInput } from '@resiport/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** POST /account/resetPwd (the link from the reset mail) → the server's confirmation message. */
export async function resetPassword(input: EndpointInput<typeof accountEndpoints.resetPwd>): Promise<string> {
  return (await api.send(accountEndpoints.resetPwd, input)).msg;
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
