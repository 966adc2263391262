import { accountEndpoints, type EndpointInput } from '@resiport/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** POST /user/changepwd → a new session (every other session was revoked) and a confirmation. */
export async function changePassword(input: EndpointInput<typeof accountEndpoints.changePassword>) {
  const { data, msg } = await api.send(accountEndpoints.changePassword, input);
  return { session: data, msg };
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
