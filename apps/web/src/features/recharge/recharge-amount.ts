import {
  centsToUsd,
  cryptoFeeCents,
  MAX_RECHARGE_CENTS,
  MIN_RECHARGE_CENTS,
  parseUsdToCents,
} from '@resiport/contract';
import { normalizeDecimalText } from '../../lib/decimal-text';

/** Quick-pick top-up amounts, whole USD. */
export const PRESET_AMOUNTS_USD = [20, 50, 100, 500] as const;

/** Why a typed amount cannot be paid; the page turns each into a localized message. */
export type AmountProblem = 'required' | 'format' | 'min' | 'max';

export type AmountCheck = { ok: true; cents: number } | { ok: false; problem: AmountProblem };

/**
 * The amount field as the server will judge it (docs/product.md#recharge: minimum 20 USD; the contract's parser:
 * plain decimal, at most two decimals; at most MAX_RECHARGE_CENTS). A decimal comma is read as a
 * point, since that is how Russian speakers type "25,50".
 */
export function checkRechargeAmount(input: string | undefined | null): AmountCheck {
  const text = normalizeDecimalText(input);
  if (text === '') return { ok: false, problem: 'required' };
  const cents = parseUsdToCents(text);
  if (cents === undefined) return { ok: false, problem: 'format' };
  if (cents < MIN_RECHARGE_CENTS) return { ok: false, problem: 'min' };
  if (cents > MAX_RECHARGE_CENTS) return { ok: false, problem: 'max' };
  return { ok: true, cents };
}

/** What a top-up costs, shown before paying: the balance gets `amountCents`, the payer pays `totalCents`. */
export interface RechargeSummary {
  amountCents: number;
  feeCents: number;
  totalCents: number;
}

export function summaryOfCents(amountCents: number): RechargeSummary {
  const feeCents = cryptoFeeCents(amountCents);
  return { amountCents, feeCents, totalCents: amountCents + feeCents };
}

/** The summary of a typed amount, or undefined while the amount cannot be paid. */
export function rechargeSummary(input: string | undefined | null): RechargeSummary | undefined {
  const check = checkRechargeAmount(input);
  return check.ok ? summaryOfCents(check.cents) : undefined;
}

/** One payment attempt: the amount and the idempotency key every request for it carries. */
export interface PayAttempt {
  cents: number;
  key: string;
}

/**
 * The same amount again (a double click, a retry after a network error) keeps the key, so the
 * server answers with the same checkout instead of opening a second invoice; a new amount is a
 * new attempt.
 */
export function attemptFor(previous: PayAttempt | null, cents: number, newKey: () => string): PayAttempt {
  return previous?.cents === cents ? previous : { cents, key: newKey() };
}

/**
 * The amount another screen asks to top up (`/recharge?amount=20.00`, e.g. what a new order is
 * short of), as the field's text; undefined when absent or not an amount we could take. One below
 * the minimum is still prefilled: the field then says why it cannot be paid.
 */
export function amountParamOf(search: URLSearchParams): string | undefined {
  const cents = parseUsdToCents(search.get('amount') ?? '');
  return cents === undefined || cents > MAX_RECHARGE_CENTS ? undefined : centsToUsd(cents);
}
