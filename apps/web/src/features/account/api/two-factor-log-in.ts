import { accountEndpoints, type EndpointInput } from '@resiport/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/**
 * POST /account/login2fa: the ticket from the first step and a code → a session. Quiet: the step
 * shows every refusal once, where it belongs (the field, or the notice above it), not also as a toast.
 */
export async function twoFactorLogIn(input: EndpointInput<typeof accountEndpoints.twoFactorLogin>) {
  return (await api.send(accountEndpoints.twoFactorLogin, input, { quiet: true })).data;
}

export function useTwoFactorLogIn() {
  return useMutation({ mutationFn: twoFactorLogIn });
}
