import { useMutation, useQueryClient } from '@tanstack/react-query';
import { auditKey } from '../../audit/api/get-audit';

/** Every console catalogue query starts with this key. */
export const catalogueKey = ['admin', 'catalogue'] as const;

/**
 * A catalogue change: once it settles (refused ones too, the list on screen may be out of date) the
 * console's catalogue lists, the audit log and this tab's own portal price menu and packages reload.
 */
export function useCatalogueChange<Input, Output>(change: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: catalogueKey }),
        queryClient.invalidateQueries({ queryKey: auditKey }),
        queryClient.invalidateQueries({ queryKey: ['order'] }),
      ]),
  });
}
