import { recoveryCodesData, securityData, securityPaths, twoFactorSetupData } from '@resiport/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { noData } from '../../../lib/api-client';

/** GET /user/security: two-factor state, the developer token's dates, the signed-in sessions. */
export const securityQuery = queryOptions({
  queryKey: ['account', 'security'],
  queryFn: async ({ signal }) =>
    (await api.get(securityPaths.overview, { schema: securityData, signal })).data,
});

export function useSecurity() {
  return useQuery(securityQuery);
}

/** Every security change refreshes the overview. */
function useSecurityMutation<I, O>(mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: securityQuery.queryKey }),
  });
}

export function useStartTwoFactorSetup() {
  return useSecurityMutation(
    async () => (await api.post(securityPaths.twoFactorSetup, { schema: twoFactorSetupData })).data,
  );
}

export function useEnableTwoFactor() {
  return useSecurityMutation(
    async (code: string) =>
      (await api.post(securityPaths.twoFactorEnable, { params: { code }, schema: recoveryCodesData })).data,
  );
}

export function useDisableTwoFactor() {
  return useSecurityMutation(async (input: { password?: string; code: string }) => {
    await api.post(securityPaths.twoFactorDisable, { params: { ...input }, schema: noData });
  });
}

export function useRevokeSession() {
  return useSecurityMutation(async (id: string) => {
    await api.post(securityPaths.revokeSession, { params: { id }, schema: noData });
  });
}

export function useSignOutEverywhere() {
  return useSecurityMutation(async () => {
    await api.post(securityPaths.signOutEverywhere, { schema: noData });
  });
}
