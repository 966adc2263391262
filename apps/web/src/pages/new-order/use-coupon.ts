import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { checkCoupon, quoteKeyOf } from '../../features/orders/api/check-order';
import { isCouponCode } from '../../features/orders/order-codes';
import { normalizeCoupon, type OrderParams } from '../../features/orders/order-selection';
import { isApiError } from '../../lib/api-error';
import type { OrderDraftState } from './use-order-draft';

/**
 * The coupon field: a typed code is applied only once GET /order/check accepts it (its quote is
 * kept, so the summary shows it at once); a refusal (10023 invalid, 10024 expired, 10025 used up)
 * is toasted (docs/product.md#request-wrapper) and shown on the field. A quote or a payment that later refuses the applied coupon says so there too.
 */
export function useCoupon(order: OrderDraftState, quoteError: unknown) {
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const check = useMutation({ mutationFn: (params: OrderParams) => checkCoupon(params) });

  const apply = async () => {
    const code = normalizeCoupon(text);
    const params = code === undefined ? undefined : order.paramsNow({ coupon: code });
    if (code === undefined || params === undefined) return;
    setError(undefined);
    try {
      queryClient.setQueryData(quoteKeyOf(params), await check.mutateAsync(params));
      order.setCoupon(code);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    }
  };

  const refusedByQuote =
    order.draft.coupon !== undefined && isApiError(quoteError) && isCouponCode(quoteError.code)
      ? quoteError.message
      : undefined;

  return {
    text,
    setText: (value: string) => {
      setText(value);
      setError(undefined);
    },
    applied: order.draft.coupon,
    error: error ?? refusedByQuote,
    applying: check.isPending,
    apply,
    remove: () => {
      order.setCoupon(undefined);
      setError(undefined);
    },
    /** A payment refused the coupon: the field says why. */
    showError: setError,
  };
}

export type CouponState = ReturnType<typeof useCoupon>;
