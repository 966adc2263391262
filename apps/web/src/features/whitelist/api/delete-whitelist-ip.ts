import { whitelistEntrySchema, whitelistPaths } from '@resiport/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { whitelistKey } from './get-whitelist';

/** `data` of a deletion: the id that went. */
const deletedEntry = whitelistEntrySchema.pick({ id: true });

/** POST /auth/whiteipdelete: the address can no longer use the proxy without a password. */
export async function deleteWhitelistIp(id: number): Promise<{ id: number }> {
  return (await api.post(whitelistPaths.delete, { params: { id }, schema: deletedEntry })).data;
}

export function useDeleteWhitelistIp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWhitelistIp,
    // Refused ones too: a 10009 or 10035 means the list on screen is out of date.
    onSettled: () => queryClient.invalidateQueries({ queryKey: whitelistKey }),
  });
}
