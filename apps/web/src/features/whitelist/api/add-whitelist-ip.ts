import { whitelistEndpoints, type EndpointInput, type WhitelistEntry } from '@resiport/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { whitelistKey } from './get-whitelist';

/**
 * POST /auth/whiteipadd → the new entry. Refusals (10033 already on the list, 10034 another
 * account's, 10035 list full, 10036 not an address to whitelist, 10001) are toasted and reject.
 */
export async function addWhitelistIp(
  input: EndpointInput<typeof whitelistEndpoints.add>,
): Promise<WhitelistEntry> {
  return (await api.send(whitelistEndpoints.add, input)).data;
}

export function useAddWhitelistIp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addWhitelistIp,
    // Refused ones too: a 10009 or 10035 means the list on screen is out of date.
    onSettled: () => queryClient.invalidateQueries({ queryKey: whitelistKey }),
  });
}
