import { accountEndpoints, type EndpointInput } from '@resiport/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** POST /account/signup → the server's "activation link sent" message. */
export async function signUp(input: EndpointInput<typeof accountEndpoints.signup>): Promise<string> {
  return (await api.send(accountEndpoints.signup, input)).msg;
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
