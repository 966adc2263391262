import { orderQuoteSchema, ResultCode } from '@resiport/contract';
import { useQueryClient } from '@tanstack/react-query';
import { message } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { quoteKeyOf } from '../../features/orders/api/check-order';
import { packagesQuery } from '../../features/orders/api/get-packages';
import { priceMenuQuery } from '../../features/orders/api/get-price-menu';
import { usePayOrder } from '../../features/orders/api/pay-order';
import { refreshAfterOrderPaid } from '../../features/orders/api/refresh-after-payment';
import { isCouponCode } from '../../features/orders/order-codes';
import {
  orderAttemptFor,
  type BalanceShortfall,
  type OrderAttempt,
} from '../../features/orders/order-payment';
import { orderParamsKey, type OrderParams } from '../../features/orders/order-selection';
import { hasCode, isApiError } from '../../lib/api-error';
import { newIdempotencyKey } from '../../lib/idempotency-key';
import { formatTraffic } from '../../lib/format';

/** The total on the button and the one the server quoted instead (10029 PriceChanged). */
export interface PriceChange {
  shownCents: number;
  nowCents: number;
}

/**
 * The Pay button: POST /order/pay with one idempotency key per order attempt and the total on the
 * button, then act on the answer — paid (refresh balance, traffic and orders; go to /residential),
 * crypto checkout (leave for it), balance short (say how much to top up), or the price changed (the
 * new quote goes on the page, nothing was charged, the customer pays again if they agree).
 */
export function usePlaceOrder(onCouponRefused: (text: string) => void) {
  const intl = useIntl();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const pay = usePayOrder();
  const attempt = useRef<OrderAttempt | null>(null);
  const busy = useRef(false);
  const [leaving, setLeaving] = useState(false);
  const [shortfall, setShortfall] = useState<{ order: string; shortfall: BalanceShortfall }>();
  const [priceChange, setPriceChange] = useState<{ order: string; change: PriceChange }>();

  /** Shows the server's new quote in place of the one on the page, and re-reads the price lists. */
  const takeNewQuote = (params: OrderParams, order: string, shownCents: number, data: unknown) => {
    const quote = orderQuoteSchema.safeParse(data);
    if (!quote.success) return;
    queryClient.setQueryData(quoteKeyOf(params), quote.data);
    void queryClient.invalidateQueries({ queryKey: packagesQuery.queryKey });
    void queryClient.invalidateQueries({ queryKey: priceMenuQuery.queryKey });
    setPriceChange({ order, change: { shownCents, nowCents: quote.data.total_cents } });
  };

  useEffect(() => {
    // Back from the checkout through the browser's page cache: this page is live again, and a new
    // payment is a new attempt.
    const onPageShow = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      attempt.current = null;
      busy.current = false;
      setLeaving(false);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  const submit = async (params: OrderParams, shownTotalCents: number) => {
    // A second click can land before the button shows it is busy; the key makes it harmless on
    // the server, but the page would still act on the answer twice.
    if (busy.current) return;
    busy.current = true;
    const order = orderParamsKey(params);
    // A double click or a retry of the same order carries the same key: paid or invoiced once.
    const current = orderAttemptFor(attempt.current, order, newIdempotencyKey);
    attempt.current = current;
    setShortfall(undefined);
    setPriceChange(undefined);
    try {
      const result = await pay.mutateAsync({
        params,
        idempotencyKey: current.key,
        expectedTotalCents: shownTotalCents,
      });
      switch (result.kind) {
        case 'paid': {
          const { order: paid, balance_cents, traffic_left_bytes } = result.paid;
          void message.success(
            intl.formatMessage(
              { id: 'neworder.paid' },
              { id: paid.id, traffic: formatTraffic(paid.traffic_bytes, intl.locale) },
            ),
          );
          refreshAfterOrderPaid(queryClient, { balance_cents, traffic_left_bytes });
          void navigate(paths.residential);
          break;
        }
        case 'checkout':
          // Stays busy: the browser is on its way to the checkout.
          setLeaving(true);
          window.location.assign(result.checkout.url);
          return;
        case 'balanceShort':
          // Nothing was created: after a top-up, paying is a new attempt.
          attempt.current = null;
          setShortfall({ order, shortfall: result.shortfall });
          break;
      }
    } catch (error) {
      if (hasCode(error, ResultCode.IdempotencyKeyReused)) attempt.current = null;
      if (isApiError(error) && error.code === ResultCode.PriceChanged) {
        // Nothing was placed: paying at the new total is a new attempt.
        attempt.current = null;
        takeNewQuote(params, order, shownTotalCents, error.data);
      }
      if (isApiError(error) && isCouponCode(error.code)) onCouponRefused(error.message);
    }
    busy.current = false;
  };

  return {
    submit,
    paying: pay.isPending || leaving,
    /** What the balance lacks for this very order (a changed order has not been refused yet). */
    shortfallOf: (params: OrderParams | undefined) =>
      shortfall !== undefined && params !== undefined && shortfall.order === orderParamsKey(params)
        ? shortfall.shortfall
        : undefined,
    /** The price changed under this very order's Pay button (until the next attempt). */
    priceChangeOf: (params: OrderParams | undefined) =>
      priceChange !== undefined && params !== undefined && priceChange.order === orderParamsKey(params)
        ? priceChange.change
        : undefined,
  };
}
