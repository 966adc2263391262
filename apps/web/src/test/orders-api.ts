import {
  cryptoFeeCents,
  orderEndpoints,
  type EndpointParsedInput,
  type Order,
  type OrderQuote,
  type TrafficPackage,
} from '@resiport/contract';
import { mockEndpoint, refuse } from './api-mock';
import { gb } from './fixtures';

/** The catalogue of the new-order tests: one package, one price tier, one coupon the server knows. */
export const starter: TrafficPackage = {
  id: 1,
  code: 'starter',
  traffic_bytes: gb(10),
  price_cents: 3_000,
  is_trial: false,
};

export const KNOWN_COUPON = 'SAVE10';

type QuoteInput = EndpointParsedInput<typeof orderEndpoints.check>;

/** What the server would quote for the package (10% off with the known coupon, 3% fee for crypto). */
export function quoteFor(input: QuoteInput): OrderQuote {
  const discount = input.coupon === KNOWN_COUPON ? 300 : 0;
  const amount = starter.price_cents - discount;
  const fee = input.way === 'cryptomus' ? cryptoFeeCents(amount) : 0;
  return {
    package_id: starter.id,
    is_trial: false,
    traffic_bytes: starter.traffic_bytes,
    quantity_gb: 10,
    price_per_gb_cents: 300,
    original_cents: starter.price_cents,
    discount_cents: discount,
    amount_cents: amount,
    fee_cents: fee,
    total_cents: amount + fee,
    way: input.way,
    coupon: discount > 0 ? { code: KNOWN_COUPON, kind: 'percent', value: 10 } : null,
  };
}

/** The packages, the price tiers and quotes; an unknown coupon is refused as the server does (10023). */
export function mockOrderCatalogue() {
  mockEndpoint(orderEndpoints.packages, { list: [starter], trial_available: true });
  mockEndpoint(orderEndpoints.priceMenu, { tiers: [{ min_gb: 1, price_per_gb_cents: 400 }] });
  return mockEndpoint(orderEndpoints.check, (input) =>
    input.coupon === undefined || input.coupon === KNOWN_COUPON
      ? quoteFor(input)
      : refuse('CouponInvalid', 'This coupon does not exist'),
  );
}

/** An order the server has just been paid for from the balance. */
export function aPaidOrder(id: number): Order {
  return {
    id,
    quantity_gb: 10,
    traffic_bytes: starter.traffic_bytes,
    package_code: starter.code,
    is_trial: false,
    amount_cents: starter.price_cents,
    paid_type: 'balance',
    created_at: '2026-03-01T12:00:00.000Z',
    paid_at: '2026-03-01T12:00:00.000Z',
    status: 'paid',
    price_per_gb_cents: 300,
    total_cents: starter.price_cents,
    original_cents: starter.price_cents,
    discount_cents: 0,
    fee_cents: 0,
    coupon_code: null,
    payment_detail: null,
    payment_received: null,
    payment_extra_cents: 0,
    refunded_cents: null,
    checkout_url: null,
  };
}
