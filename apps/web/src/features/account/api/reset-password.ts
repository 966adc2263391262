import { accountPaths } from '@resiport/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { noData } from '../../../lib/api-client';

export interface ResetPasswordInput {
  token: string;
  password: string;
  confirm: string;
}

/** POST /account/resetPwd (the link from the reset mail) → the server's confirmation message. */
export async function resetPassword(input: ResetPasswordInput): Promise<string> {
  return (await api.post(accountPaths.resetPwd, { params: { ...input }, schema: noData })).msg;
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
