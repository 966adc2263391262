import { z } from 'zod';

/** Money is integer US cents, traffic integer bytes (docs/architecture.md#ledger); these helpers are the only conversions. */
export const BYTES_PER_GB = 1_000_000_000;
export const BYTES_PER_MB = 1_000_000;
export const MIN_RECHARGE_CENTS = 2000;
/** Largest single top-up we accept (anything above is a typo or an attack, not a purchase). */
export const MAX_RECHARGE_CENTS = 10_000_000;
/** Crypto processing fee, percent (docs/product.md#constants); rounded half up to the cent. */
export const CRYPTO_FEE_PERCENT = 3;

export function cryptoFeeCents(amountCents: number): number {
  return Math.floor((amountCents * CRYPTO_FEE_PERCENT + 50) / 100);
}

/**
 * What a crypto invoice of `invoiceCents` (fee included) pays for: the amount whose amount + fee is
 * the invoice (20.60 → 20.00). The fee is monotonic, so this is the largest such amount.
 */
export function amountBeforeFee(invoiceCents: number): number {
  let amount = Math.floor((invoiceCents * 100) / (100 + CRYPTO_FEE_PERCENT));
  while (amount + 1 + cryptoFeeCents(amount + 1) <= invoiceCents) amount++;
  while (amount > 0 && amount + cryptoFeeCents(amount) > invoiceCents) amount--;
  return amount;
}

/**
 * A USD amount typed by a person ("20", "25.5", "25.50") as exact cents; undefined for anything
 * else (negative, exponent, more than two decimals, not a number).
 */
export function parseUsdToCents(text: string): number | undefined {
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return undefined;
  const [, whole = '0', fraction = ''] = match;
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

export function centsToUsd(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Form/query input for a USD amount: a decimal string, checked and converted to cents. */
export const usdAmountSchema = z
  .string({ error: 'validation.required' })
  .min(1, { error: 'validation.required' })
  .transform((value, ctx) => {
    const cents = parseUsdToCents(value);
    if (cents === undefined) {
      ctx.addIssue({ code: 'custom', message: 'validation.amount' });
      return z.NEVER;
    }
    return cents;
  });

/** Largest traffic amount one call may move: 10 million GB (10^16 bytes, exact in a double). */
export const MAX_TRAFFIC_GB = 10_000_000;

/**
 * Traffic typed in GB ("0.5", "2", "0.000000001") as exact bytes (1 GB = 10^9 bytes); undefined for
 * anything else (negative, exponent, finer than a byte, more than MAX_TRAFFIC_GB).
 */
export function parseGbToBytes(text: string): number | undefined {
  const match = /^(\d{1,8})(?:\.(\d{1,9}))?$/.exec(text.trim());
  if (!match) return undefined;
  const [, whole = '0', fraction = ''] = match;
  if (Number(whole) > MAX_TRAFFIC_GB) return undefined;
  return Number(whole) * BYTES_PER_GB + Number(fraction.padEnd(9, '0'));
}

/** Form/query input for a traffic amount in GB, converted to bytes. */
export const trafficGbSchema = z
  .string({ error: 'validation.required' })
  .min(1, { error: 'validation.required' })
  .transform((value, ctx) => {
    const bytes = parseGbToBytes(value);
    if (bytes === undefined || bytes > MAX_TRAFFIC_GB * BYTES_PER_GB) {
      ctx.addIssue({ code: 'custom', message: 'validation.traffic' });
      return z.NEVER;
    }
    return bytes;
  });

/** Bytes as an exact GB decimal without trailing zeros ("0.5", "2", "0.000000001"). */
export function bytesToGbText(bytes: number | bigint): string {
  const value = BigInt(bytes);
  const sign = value < 0n ? '-' : '';
  const abs = value < 0n ? -value : value;
  const gb = BigInt(BYTES_PER_GB);
  const fraction = String(abs % gb)
    .padStart(9, '0')
    .replace(/0+$/, '');
  return `${sign}${abs / gb}${fraction ? `.${fraction}` : ''}`;
}
