import type { QueryClient } from '@tanstack/react-query';
import { currentUserQuery } from '../../../lib/current-user';
import { orderQuoteKey } from './check-order';
import { ordersKey } from './get-orders';
import { packagesQuery } from './get-packages';

/** Balance and traffic as a paid order leaves them. */
export interface AccountAfterPayment {
  balance_cents: number;
  traffic_left_bytes: number;
}

/**
 * After an order is paid: the header (balance, traffic left) and the dashboard read the current
 * user, so it takes the new numbers at once and is refetched; the order list and any quote (the
 * trial may now be used up) are stale.
 */
export function refreshAfterOrderPaid(queryClient: QueryClient, account?: AccountAfterPayment): void {
  if (account) {
    queryClient.setQueryData(currentUserQuery.queryKey, (old) => old && { ...old, ...account });
  }
  void queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey });
  void queryClient.invalidateQueries({ queryKey: ordersKey });
  // Stale, but not refetched now: the new-order page is being left (re-quoting a just-used trial
  // would only be refused); it quotes afresh when opened again.
  void queryClient.invalidateQueries({ queryKey: orderQuoteKey, refetchType: 'none' });
  // The trial, once taken, is no longer offered: the packages say so when next read.
  void queryClient.invalidateQueries({ queryKey: packagesQuery.queryKey, refetchType: 'none' });
}
