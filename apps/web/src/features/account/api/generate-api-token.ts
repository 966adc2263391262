import { accountEndpoints } from '@resiport/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** POST /user/genToken: a new developer API token, returned this once; the old one stops working. */
export async function generateApiToken(): Promise<string> {
  return (await api.send(accountEndpoints.genToken, {})).data.api_token;
}

export function useGenerateApiToken() {
  return useMutation({ mutationFn: generateApiToken });
}
