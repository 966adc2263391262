import { accountPaths, sessionSchema } from '@resiport/contract';
import { api } from '../../../lib/api';

/** POST /account/oauthLogin: trades the one-time code from the OAuth redirect for a session. */
export async function oauthLogIn(code: string) {
  return (await api.post(accountPaths.oauthLogin, { params: { code }, schema: sessionSchema })).data;
}
