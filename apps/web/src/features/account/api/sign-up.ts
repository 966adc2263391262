import { accountPaths, type ServerLang } from '@resiport/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { noData } from '../../../lib/api-client';

export interface SignUpInput {
  email: string;
  password: string;
  confirm: string;
  /** The language the account (and its activation mail) uses. */
  lang: ServerLang;
}

/** POST /account/signup → the server's "activation link sent" message. */
export async function signUp(input: SignUpInput): Promise<string> {
  return (await api.post(accountPaths.signup, { params: { ...input }, schema: noData })).msg;
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
