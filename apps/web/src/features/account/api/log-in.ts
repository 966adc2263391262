import { accountPaths, sessionSchema } from '@resiport/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export interface LogInInput {
  email: string;
  password: string;
}

/** POST /account/login → a new session. */
export async function logIn(input: LogInInput) {
  return (await api.post(accountPaths.login, { params: { ...input }, schema: sessionSchema })).data;
}

export function useLogIn() {
  return useMutation({ mutationFn: logIn });
}
