import { accountEndpoints, type EndpointInput } from '@resiport/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { signInOutcomeOf, type SignInOutcome } from './sign-in-outcome';

/** POST /account/login → a new session, or a two-factor ticket. */
export async function logIn(input: EndpointInput<typeof accountEndpoints.login>): Promise<SignInOutcome> {
  return signInOutcomeOf(await api.call(accountEndpoints.login, input));
}

export function useLogIn() {
  return useMutation({ mutationFn: logIn });
}
