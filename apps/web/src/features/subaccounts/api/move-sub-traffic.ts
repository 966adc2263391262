import { subPaths, subTrafficData } from '@resiport/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { TrafficAction } from '../traffic-amount';
import { refreshAfterTrafficChange, refreshAfterRefusal, storeSubAccount } from './sub-account-cache';

export interface MoveSubTrafficInput {
  id: number;
  action: TrafficAction;
  /** GB as a decimal string ("0.5"). */
  traffic: string;
  /** One per submitted move: a repeat with the same id answers the first result and moves nothing again. */
  request_id: string;
}

/**
 * POST /auth/trafficupdate → the sub-account and the main account's traffic left after allocating
 * to it or recycling from it. Refusals (10031/10032 a side short of the amount, 10021 request id
 * reused for another move, 10009) are toasted by the wrapper and reject.
 */
export async function moveSubTraffic(input: MoveSubTrafficInput) {
  return (await api.post(subPaths.traffic, { params: { ...input }, schema: subTrafficData })).data;
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
