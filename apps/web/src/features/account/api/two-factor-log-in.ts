import { accountEndpoints, type EndpointInput } from '@resiport/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** POST /account/login2fa: the ticket from the first step and a code → a session. */
export async function twoFactorLogIn(input: EndpointInput<typeof accountEndpoints.twoFactorLogin>) {
  return (await api.send(accountEndpoints.twoFactorLogin, input)).data;
}

export function useTwoFactorLogIn() {
  return useMutation({ mutationFn: twoFactorLogIn });
}
