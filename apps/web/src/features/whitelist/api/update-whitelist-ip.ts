import { whitelistEndpoints, type EndpointInput, type WhitelistEntry } from '@resiport/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { whitelistKey } from './get-whitelist';

/** POST /auth/whiteipupdate → the entry with its new address and/or remark (same refusals as adding). */
export async function updateWhitelistIp(
  input: EndpointInput<typeof whitelistEndpoints.update>,
): Promise<WhitelistEntry> {
  return (await api.send(whitelistEndpoints.update, input)).data;
}

export function useUpdateWhitelistIp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateWhitelistIp,
    // Refused ones too: a 10009 or 10035 means the list on screen is out of date.
    onSettled: () => queryClient.invalidateQueries({ queryKey: whitelistKey }),
  });
}
