import { ResultCode, type PaymentDetail, type PaymentReceived } from '@resiport/contract';
import { skipToken, useQuery, type QueryKey } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { idParamOf } from './id-param';

/**
 * Coming back from the crypto checkout, which both a top-up (`/recharge?recharge_id=<id>`) and an
 * order (`/residential?order_id=<id>`) go through: the id in the return address, the payment check
 * it starts, and what a failed check means.
 */

/** A payment check that failed: the refusal's code and message (already toasted by the wrapper). */
export interface CheckRefusal {
  status: 'error';
  code: number;
  msg: string;
}

/** A refusal that may pass if asked again (the provider or the server had a moment), unlike 10009. */
export function isTransient(code: number): boolean {
  return code === ResultCode.PaymentProviderUnavailable || code >= ResultCode.InternalError;
}

/** This page's return id, and `dismiss` to drop it from the address (closing the notice) in place. */
export function useCheckoutReturn(param: string) {
  const [searchParams, setSearchParams] = useSearchParams();
  const dismiss = () =>
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.delete(param);
        return next;
      },
      { replace: true },
    );
  return { id: idParamOf(searchParams, param), dismiss };
}

/**
 * Checks a returned payment once per page visit (never again by itself: each check may toast);
 * `refetch()` is "Check again". `onChecked` runs after every check, e.g. to refresh the balance.
 */
export function useReturnCheck<T>(
  queryKey: QueryKey,
  id: number | undefined,
  check: (id: number) => Promise<T>,
  onChecked: (result: T) => void,
) {
  return useQuery({
    queryKey,
    queryFn:
      id === undefined
        ? skipToken
        : async () => {
            const result = await check(id);
            onChecked(result);
            return result;
          },
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
}

/**
 * How a crypto payment ended, in the words a notice needs (decision 026): the product's status and the
 * provider's detail folded into one case. `pending` covers every unpaid detail.
 */
export type PaymentOutcomeKind =
  | 'paid'
  | 'paid_over'
  | 'pending'
  | 'underpaid'
  | 'expired'
  | 'failed'
  | 'refunded'
  | 'refund_failed'
  | 'cancelled';

export function paymentOutcomeKind(
  status: 'unpaid' | 'paid' | 'cancelled' | 'refunded',
  detail: PaymentDetail | null,
): PaymentOutcomeKind {
  if (status === 'unpaid') return 'pending';
  if (status === 'paid') return detail === 'paid_over' ? 'paid_over' : 'paid';
  if (status === 'refunded') return 'refunded';
  if (detail === 'refund_pending') return 'refunded';
  return detail === 'underpaid' || detail === 'expired' || detail === 'failed' || detail === 'refund_failed'
    ? detail
    : 'cancelled';
}

/** What the payer sent, as the provider reported it: "10.30 USDT" (the coin's own digits, untouched). */
export function receivedText(received: PaymentReceived): string | undefined {
  return received === null ? undefined : `${received.amount} ${received.currency}`.trim();
}
