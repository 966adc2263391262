import { alertEndpoints, type EndpointData, type EndpointInput } from '@resiport/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

type AlertsData = EndpointData<typeof alertEndpoints.get>;

/** GET /user/alerts: the account's alert settings and its latest deliveries (the log). */
export const alertsQuery = queryOptions({
  queryKey: ['account', 'alerts'],
  queryFn: async ({ signal }) => (await api.send(alertEndpoints.get, {}, { signal })).data,
});

export function useAlerts() {
  return useQuery(alertsQuery);
}

/** Every alerts call answers the settings and the log as they are after it: stored as they come. */
function useAlertsMutation<I>(send: (input: I) => Promise<AlertsData>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (data) => queryClient.setQueryData(alertsQuery.queryKey, data),
  });
}

export function useSaveAlerts() {
  return useAlertsMutation(
    async (input: EndpointInput<typeof alertEndpoints.update>) =>
      (await api.send(alertEndpoints.update, input)).data,
  );
}

export function useSendTestAlert() {
  return useAlertsMutation(async () => (await api.send(alertEndpoints.test, {})).data);
}

export function useRotateWebhookSecret() {
  return useAlertsMutation(async () => (await api.send(alertEndpoints.rotateSecret, {})).data);
}
