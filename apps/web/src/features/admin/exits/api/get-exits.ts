import { adminExitsEndpoints, type EndpointData, type EndpointInput } from '@resiport/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api';

export type ExitsQuery = EndpointInput<typeof adminExitsEndpoints.list>;
export type ExitsPage = EndpointData<typeof adminExitsEndpoints.list>;

/** Every exits query starts with this key: the console's exit changes invalidate it. */
export const exitsKey = ['admin', 'exits'] as const;

/** How often the list refreshes itself: gateways report health every few seconds. */
const REFRESH_MS = 15_000;

/** GET /admin/exits: one page of the exit pool with each exit's health and bytes carried. */
export async function getExits(query: ExitsQuery, signal?: AbortSignal): Promise<ExitsPage> {
  return (await api.send(adminExitsEndpoints.list, query, { signal })).data;
}

export function useExits(query: ExitsQuery) {
  return useQuery({
    queryKey: [...exitsKey, query],
    queryFn: ({ signal }) => getExits(query, signal),
    placeholderData: keepPreviousData,
    refetchInterval: REFRESH_MS,
  });
}
