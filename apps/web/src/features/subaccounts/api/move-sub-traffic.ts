import { subEndpoints, type EndpointInput } from '@resiport/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { refreshAfterTrafficChange, refreshAfterRefusal, storeSubAccount } from './sub-account-cache';

/**
 * POST /auth/trafficupdate → the sub-account and the main account's traffic left after allocating
 * to it or recycling from it; `traffic` is GB as a decimal string ("0.5"), `request_id` one per
 * submitted move (a repeat with the same id answers the first result and moves nothing again). Refusals (10031/10032 a side short of the amount, 10021 request id
 * reused for another move, 10009) are toasted by the wrapper and reject.
 */
export async function moveSubTraffic(input: EndpointInput<typeof subEndpoints.traffic>) {
  return (await api.send(subEndpoints.traffic, input)).data;
}

export function useMoveSubTraffic() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveSubTraffic,
    onSuccess: ({ sub, main_traffic_left_bytes }) => {
      storeSubAccount(queryClient, sub);
      refreshAfterTrafficChange(queryClient, main_traffic_left_bytes);
    },
    onError: (error) => refreshAfterRefusal(queryClient, error),
  });
}
