import { accountEndpoints } from '@resiport/contract';
import { api } from '../../../lib/api';
import { signInOutcomeOf, type SignInOutcome } from './sign-in-outcome';

/** POST /account/oauthLogin: trades the one-time code from the OAuth redirect for a session (or a ticket). */
export async function oauthLogIn(code: string): Promise<SignInOutcome> {
  return signInOutcomeOf(await api.call(accountEndpoints.oauthLogin, { code }));
}
