import { accountPaths, sessionSchema } from '@resiport/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export interface ChangePasswordInput {
  old_password: string;
  password: string;
  confirm: string;
}

/** POST /user/changepwd → a new session (every other session was revoked) and a confirmation. */
export async function changePassword(input: ChangePasswordInput) {
  const { data, msg } = await api.post(accountPaths.changePassword, {
    params: { ...input },
    schema: sessionSchema,
  });
  return { session: data, msg };
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
