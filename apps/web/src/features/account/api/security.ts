import { securityEndpoints, type EndpointInput } from '@resiport/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** GET /user/security: two-factor state, the developer token's dates, the signed-in sessions. */
export const securityQuery = queryOptions({
  queryKey: ['account', 'security'],
  queryFn: async ({ signal }) => (await api.send(securityEndpoints.overview, {}, { signal })).data,
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
  return useSecurityMutation(async () => (await api.send(securityEndpoints.twoFactorSetup, {})).data);
}

export function useEnableTwoFactor() {
  return useSecurityMutation(
    async (code: string) => (await api.send(securityEndpoints.twoFactorEnable, { code })).data,
  );
}

export function useDisableTwoFactor() {
  return useSecurityMutation(async (input: EndpointInput<typeof securityEndpoints.twoFactorDisable>) => {
    await api.send(securityEndpoints.twoFactorDisable, input);
  });
}

/** New recovery codes for a current authenticator code; the old ones stop working. */
export function useRenewRecoveryCodes() {
  return useSecurityMutation(
    async (code: string) => (await api.send(securityEndpoints.recoveryCodesRenew, { code })).data,
  );
}

export function useRevokeSession() {
  return useSecurityMutation(async (id: string) => {
    await api.send(securityEndpoints.revokeSession, { id });
  });
}

export function useSignOutEverywhere() {
  return useSecurityMutation(async () => {
    await api.send(securityEndpoints.signOutEverywhere, {});
  });
}
