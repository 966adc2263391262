import { adminExitsEndpoints, type AdminExit } from '@resiport/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { useExitChangeSettled } from './exit-change';

export interface ExitToggle {
  id: string;
  enabled: boolean;
  reason: string;
}

/** POST /admin/exits/enable or /disable → the exit; the last enabled exit cannot be disabled (10086). */
export async function setExitEnabled({ id, enabled, reason }: ExitToggle): Promise<AdminExit> {
  const endpoint = enabled ? adminExitsEndpoints.enable : adminExitsEndpoints.disable;
  return (await api.send(endpoint, { id, reason })).data;
}

export function useSetExitEnabled() {
  const settled = useExitChangeSettled();
  return useMutation({ mutationFn: setExitEnabled, onSettled: settled });
}
