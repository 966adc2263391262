import { whitelistEntrySchema, whitelistPaths, type WhitelistEntry } from '@resiport/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { whitelistKey } from './get-whitelist';

export interface UpdateWhitelistIpInput {
  id: number;
  ip?: string;
  remark?: string;
}

/** POST /auth/whiteipupdate → the entry with its new address and/or remark (same refusals as adding). */
export async function updateWhitelistIp(input: UpdateWhitelistIpInput): Promise<WhitelistEntry> {
  return (await api.post(whitelistPaths.update, { params: { ...input }, schema: whitelistEntrySchema })).data;
}

export function useUpdateWhitelistIp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateWhitelistIp,
    // Refused ones too: a 10009 or 10035 means the list on screen is out of date.
    onSettled: () => queryClient.invalidateQueries({ queryKey: whitelistKey }),
  });
}
