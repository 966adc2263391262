import { adminExitsEndpoints, type AdminExit, type EndpointInput } from '@resiport/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { useExitChangeSettled } from './exit-change';

export type ExitCreateInput = EndpointInput<typeof adminExitsEndpoints.create>;
export type ExitUpdateInput = EndpointInput<typeof adminExitsEndpoints.update>;

/** POST /admin/exits/create → the new exit (running gateways use it within seconds). */
export async function createExit(input: ExitCreateInput): Promise<AdminExit> {
  return (await api.send(adminExitsEndpoints.create, input)).data;
}

/** POST /admin/exits/update → the exit's new state; a password left out stays as it was. */
export async function updateExit(input: ExitUpdateInput): Promise<AdminExit> {
  return (await api.send(adminExitsEndpoints.update, input)).data;
}

export function useCreateExit() {
  const settled = useExitChangeSettled();
  return useMutation({ mutationFn: createExit, onSettled: settled });
}

export function useUpdateExit() {
  const settled = useExitChangeSettled();
  return useMutation({ mutationFn: updateExit, onSettled: settled });
}
