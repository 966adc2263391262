import { orderEndpoints, type OrderQuote } from '@resiport/contract';
import { keepPreviousData, skipToken, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { orderRequestOf, type OrderParams } from '../order-selection';

/** Every quote query starts with this key; drop them after a purchase (e.g. the trial is used up). */
export const orderQuoteKey = ['order', 'quote'] as const;

export const quoteKeyOf = (params: OrderParams) => [...orderQuoteKey, { ...params }] as const;

/**
 * GET /order/check: what an order costs (price per GB, discount, fee, total). Quiet: the page
 * quotes on its own as the user picks, so a refusal (a bad coupon, a used trial) is shown where
 * it belongs instead of as a toast on every change.
 */
export async function checkOrder(params: OrderParams, signal?: AbortSignal): Promise<OrderQuote> {
  return (await api.send(orderEndpoints.check, orderRequestOf(params), { quiet: true, signal })).data;
}

/**
 * The coupon check (Apply): the same call, but docs/product.md#request-wrapper holds — a non-zero code (10023 invalid,
 * 10024 expired, 10025 used up …) is toasted for 3 seconds by the wrapper, then rejects, and the
 * field shows it too.
 */
export async function checkCoupon(params: OrderParams): Promise<OrderQuote> {
  return (await api.send(orderEndpoints.check, orderRequestOf(params))).data;
}

/** The quote of the current selection; the previous one stays on screen while the next loads. */
export function useOrderQuote(params: OrderParams | undefined) {
  return useQuery({
    queryKey: params ? quoteKeyOf(params) : [...orderQuoteKey, null],
    queryFn: params ? ({ signal }) => checkOrder(params, signal) : skipToken,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    // The total on the Pay button is asked again whenever the page is focused again.
    refetchOnWindowFocus: 'always',
  });
}
