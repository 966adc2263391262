import { adminViewAsEndpoints, type EndpointInput, type ViewAsData } from '@resiport/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { auditKey } from '../../audit/api/get-audit';

/** POST /admin/view-as: a 30-minute read-only credential for one customer's portal (audited). */
export async function openView(input: EndpointInput<typeof adminViewAsEndpoints.open>): Promise<ViewAsData> {
  return (await api.send(adminViewAsEndpoints.open, input)).data;
}

export function useOpenView() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: openView,
    onSettled: () => queryClient.invalidateQueries({ queryKey: auditKey }),
  });
}
