import { useQueryClient } from '@tanstack/react-query';
import { auditKey } from '../../audit/api/get-audit';
import { exitsKey } from './get-exits';

/**
 * After any exit change, refused ones too (a 10009 or 10086 means the list on screen is out of
 * date): the list, the audit log and this tab's proxy generator locations (`['dynamic']`, the
 * generator's key: the countries offered follow the pool) load again.
 */
export function useExitChangeSettled() {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: exitsKey }),
      queryClient.invalidateQueries({ queryKey: auditKey }),
      queryClient.invalidateQueries({ queryKey: ['dynamic'] }),
    ]);
  };
}
