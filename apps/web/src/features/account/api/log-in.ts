import { accountPaths } from '@resiport/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { anyData, signInOutcomeOf, type SignInOutcome } from './sign-in-outcome';

export interface LogInInput {
  email: string;
  password: string;
}

/** POST /account/login → a new session, or a two-factor ticket. */
export async function logIn(input: LogInInput): Promise<SignInOutcome> {
  return signInOutcomeOf(
    await api.call('POST', accountPaths.login, { params: { ...input }, schema: anyData }),
  );
}

export function useLogIn() {
  return useMutation({ mutationFn: logIn });
}
