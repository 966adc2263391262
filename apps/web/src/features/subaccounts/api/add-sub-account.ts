import { subEndpoints, type EndpointInput, type SubAccount } from '@resiport/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { subAccountsKey } from './keys';
import { refreshAfterRefusal, refreshAfterTrafficChange } from './sub-account-cache';

/**
 * POST /auth/passadd → the new sub-account, with its password (the generated one when none was
 * given; omitted or empty asks for one). `traffic`: initial GB from the main account as a decimal
 * string ("0.5"); omitted: none. Refusals (10030 'Username Exist', 10031 main account short, 10037 too many, 10001) are
 * toasted by the wrapper and reject.
 */
export async function addSubAccount(input: EndpointInput<typeof subEndpoints.add>): Promise<SubAccount> {
  return (await api.send(subEndpoints.add, input)).data;
}

export function useAddSubAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addSubAccount,
    onSuccess: (sub) => {
      // Initial traffic came out of the main account; the answer does not say what is left there.
      if (sub.allocated_bytes > 0) refreshAfterTrafficChange(queryClient);
      else void queryClient.invalidateQueries({ queryKey: subAccountsKey });
    },
    onError: (error) => refreshAfterRefusal(queryClient, error),
  });
}
