import type { PaymentWay } from '@resiport/contract';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { DEFAULT_PAYMENT_WAY } from '../../config/business';
import { usePackages } from '../../features/orders/api/get-packages';
import {
  DEFAULT_QUANTITY_GB,
  defaultChoice,
  orderParamsOf,
  type OrderChoice,
  type OrderDraft,
} from '../../features/orders/order-selection';
import { clearSavedOrderDraft, savedOrderDraft } from '../../features/orders/saved-order-draft';
import { useDebouncedValue } from '../../lib/use-debounced-value';

/** A typed quantity is quoted once it has stayed put this long (no request per keystroke). */
const QUOTE_DEBOUNCE_MS = 300;

/**
 * The new-order state (docs/product.md#orders): what is being bought, the quantity typed for a custom amount, the
 * applied coupon and the payment way; and the request fields of what has settled. `?resume=1`
 * brings back the order left for a top-up (saved-order-draft.ts).
 */
export function useOrderDraft() {
  const packages = usePackages();
  const [searchParams] = useSearchParams();
  // Back from a top-up made for this order (`?resume=1`): the order as it was left, once.
  const [initial] = useState(() => (searchParams.get('resume') === '1' ? savedOrderDraft() : undefined));
  useEffect(() => {
    if (initial) clearSavedOrderDraft();
  }, [initial]);
  const [draft, setDraft] = useState<OrderDraft>(
    () =>
      initial ?? {
        choice: undefined,
        quantityGb: DEFAULT_QUANTITY_GB,
        coupon: undefined,
        way: DEFAULT_PAYMENT_WAY,
      },
  );
  // Turning the trial off returns to what was chosen before it.
  const beforeTrial = useRef<OrderChoice | undefined>(undefined);

  const list = packages.data?.list;
  const choice = draft.choice ?? (list ? defaultChoice(list) : undefined);
  const settledGb = useDebouncedValue(draft.quantityGb, QUOTE_DEBOUNCE_MS);
  const settling = choice?.kind === 'quantity' && settledGb !== draft.quantityGb;

  const update = (patch: Partial<OrderDraft>) => setDraft((previous) => ({ ...previous, ...patch }));

  return {
    packages,
    /** True when this is an order brought back after a top-up. */
    resumed: initial !== undefined,
    draft: { ...draft, choice },
    /** Request fields of the settled draft; undefined while there is nothing valid to quote. */
    params: orderParamsOf({ ...draft, choice, quantityGb: settledGb }),
    /** Request fields of the draft as it is on screen (for acting on it at once, e.g. a coupon). */
    paramsNow: (patch: Partial<OrderDraft> = {}) => orderParamsOf({ ...draft, choice, ...patch }),
    settling,
    choosePackage: (packageId: number) => update({ choice: { kind: 'package', packageId } }),
    chooseQuantity: () => update({ choice: { kind: 'quantity' } }),
    setQuantity: (quantityGb: number | null) => update({ choice: { kind: 'quantity' }, quantityGb }),
    setTrial: (on: boolean) => {
      if (on) {
        if (choice?.kind !== 'trial') beforeTrial.current = choice;
        update({ choice: { kind: 'trial' } });
      } else {
        update({ choice: beforeTrial.current });
      }
    },
    setWay: (way: PaymentWay) => update({ way }),
    setCoupon: (coupon: string | undefined) => update({ coupon }),
  };
}

export type OrderDraftState = ReturnType<typeof useOrderDraft>;
