import { securityPaths, sessionSchema } from '@resiport/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** POST /account/login2fa: the ticket from the first step and a code → a session. */
export async function twoFactorLogIn(input: { challenge: string; code: string }) {
  return (await api.post(securityPaths.twoFactorLogin, { params: { ...input }, schema: sessionSchema })).data;
}

export function useTwoFactorLogIn() {
  return useMutation({ mutationFn: twoFactorLogIn });
}
