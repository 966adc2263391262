import { centsToUsd } from '@resiport/contract';
import { MIN_RECHARGE_CENTS } from '../../config/business';
import { paths } from '../../config/paths';

/** What to top up to afford an order: the missing amount, raised to the recharge minimum (docs/product.md#recharge). */
export interface TopUp {
  cents: number;
  /** True when the minimum top-up is more than what is missing. */
  raised: boolean;
}

export function topUpFor(missingCents: number): TopUp {
  const raised = missingCents < MIN_RECHARGE_CENTS;
  return { cents: raised ? MIN_RECHARGE_CENTS : missingCents, raised };
}

/**
 * The recharge page with the amount filled in (it reads `?amount=`); `for=order` when the top-up
 * is for the order being placed (saved meanwhile, see saved-order-draft.ts).
 */
export function rechargeHref(cents: number, forOrder = false): string {
  const query = new URLSearchParams({ amount: centsToUsd(cents) });
  if (forOrder) query.set('for', 'order');
  return `${paths.recharge}?${query.toString()}`;
}
