import { whitelistEndpoints, type EndpointData } from '@resiport/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { whitelistKey } from './get-whitelist';

/** POST /auth/whiteipdelete: the address can no longer use the proxy without a password. */
export async function deleteWhitelistIp(id: number): Promise<EndpointData<typeof whitelistEndpoints.delete>> {
  return (await api.send(whitelistEndpoints.delete, { id })).data;
}

export function useDeleteWhitelistIp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWhitelistIp,
    // Refused ones too: a 10009 or 10035 means the list on screen is out of date.
    onSettled: () => queryClient.invalidateQueries({ queryKey: whitelistKey }),
  });
}
