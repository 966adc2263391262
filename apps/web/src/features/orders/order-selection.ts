import {
  MAX_ORDER_GB,
  type EndpointInput,
  type orderEndpoints,
  type PaymentWay,
  type TrafficPackage,
} from '@resiport/contract';
import { salePackages } from './packages';

/** What the new-order page is buying: a package, a quantity of GB at the tier price, or the trial. */
export type OrderChoice = { kind: 'package'; packageId: number } | { kind: 'quantity' } | { kind: 'trial' };

/** The new-order state of docs/product.md#orders: current package (or quantity), payment way, trial flag, coupon. */
export interface OrderDraft {
  choice: OrderChoice | undefined;
  /** Whole GB typed for a custom quantity; kept while a package is chosen, so switching back keeps it. */
  quantityGb: number | null;
  /** An applied (already validated) coupon code. */
  coupon: string | undefined;
  way: PaymentWay;
}

/** The fields GET /order/check and POST /order/pay share: exactly one of package_id, quantity, trial. */
export interface OrderParams {
  package_id?: number;
  quantity?: number;
  trial?: true;
  coupon?: string;
  way: PaymentWay;
}

export const DEFAULT_QUANTITY_GB = 10;

/** Whole GB from 1 to MAX_ORDER_GB, as the contract's `gbQuantitySchema` accepts. */
export function isOrderableGb(gb: number | null | undefined): gb is number {
  return typeof gb === 'number' && Number.isInteger(gb) && gb >= 1 && gb <= MAX_ORDER_GB;
}

/** The choice before the user picks one: the first package on sale, else a custom quantity. */
export function defaultChoice(packages: readonly TrafficPackage[]): OrderChoice {
  const first = salePackages(packages)[0];
  return first ? { kind: 'package', packageId: first.id } : { kind: 'quantity' };
}

/** A coupon as the server reads it: trimmed, upper case; empty is none. */
export function normalizeCoupon(text: string | undefined): string | undefined {
  const code = (text ?? '').trim().toUpperCase();
  return code === '' ? undefined : code;
}

/**
 * The request fields of a draft; undefined while it cannot be quoted (nothing chosen, or a quantity
 * that is not a whole number of GB in range). The trial takes no coupon and pays nothing, so it
 * goes as `balance`: that way never opens a checkout.
 */
export function orderParamsOf(draft: OrderDraft): OrderParams | undefined {
  const { choice, coupon, way } = draft;
  if (choice === undefined) return undefined;
  switch (choice.kind) {
    case 'trial':
      return { trial: true, way: 'balance' };
    case 'package':
      return withCoupon({ package_id: choice.packageId, way }, coupon);
    case 'quantity':
      return isOrderableGb(draft.quantityGb)
        ? withCoupon({ quantity: draft.quantityGb, way }, coupon)
        : undefined;
  }
}

function withCoupon(params: OrderParams, coupon: string | undefined): OrderParams {
  return coupon === undefined ? params : { ...params, coupon };
}

/** The fields as the calls take them: form values are text (`quantity: '12'`, `trial: 'true'`). */
export function orderRequestOf(params: OrderParams): EndpointInput<typeof orderEndpoints.check> {
  const { quantity, trial } = params;
  return { ...params, quantity: quantity?.toString(), trial: trial && 'true' };
}

/** One string per distinct order, e.g. to tell a retry of the same order from a new one. */
export function orderParamsKey(params: OrderParams): string {
  const { package_id, quantity, trial, coupon, way } = params;
  return JSON.stringify([package_id ?? null, quantity ?? null, trial ?? false, coupon ?? null, way]);
}
