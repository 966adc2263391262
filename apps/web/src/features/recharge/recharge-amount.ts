import { cryptoFeeCents, MAX_RECHARGE_CENTS, MIN_RECHARGE_CENTS, parseUsdToCents } from '@resiport/contract';

/** Quick-pick top-up amounts, whole USD. */
export const PRESET_AMOUNTS_USD = [20, 50, 100, 500] as const;

/** Why a typed amount cannot be paid; the page turns each into a localized message. */
export type AmountProblem = 'required' | 'format' | 'min' | 'max';

export type AmountCheck = { ok: true; cents: number } | { ok: false; problem: AmountProblem };

/**
 * The amount field as the server will judge it (spec §5: minimum 20 USD; the contract's parser:
 * plain decimal, at most two decimals; at most MAX_RECHARGE_CENTS). A decimal comma is read as a
 * point, since that is how Russian speakers type "25,50".
 */
export function checkRechargeAmount(input: string | undefined | null): AmountCheck {
  const text = (input ?? '').trim().replace(',', '.');
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

interface RandomSource {
  getRandomValues<T extends Uint8Array>(array: T): T;
  randomUUID?: () => string;
}

/**
 * A fresh idempotency key (8–64 of [A-Za-z0-9_-]). `crypto.randomUUID` exists only in secure
 * contexts (https, localhost); elsewhere 16 random bytes in hex do the same job.
 */
export function newIdempotencyKey(random: RandomSource = globalThis.crypto): string {
  if (typeof random.randomUUID === 'function') return random.randomUUID();
  const bytes = random.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
