/**
 * Cryptomus sends and expects amounts as decimal strings; we hold integer cents (docs/architecture.md#ledger). These
 * conversions go through strings and bigint only, never through floating point.
 */

const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/**
 * `'15.00'` → `1500n`. Exact: a value with a non-zero digit past the cents (`'1.005'`) is refused
 * rather than rounded; zero padding (`'15.000'`, as some APIs print) is exact and accepted.
 */
export function decimalToCents(text: string): bigint {
  const match = DECIMAL.exec(text);
  if (!match) throw new RangeError(`not a decimal amount: ${JSON.stringify(text)}`);
  const [, whole = '0', fraction = ''] = match;
  if (/[1-9]/.test(fraction.slice(2))) {
    throw new RangeError(`amount has more than 2 decimals: ${JSON.stringify(text)}`);
  }
  return BigInt(whole) * 100n + BigInt(fraction.slice(0, 2).padEnd(2, '0'));
}

/** Like decimalToCents, but undefined instead of an exception (for payloads we only inspect). */
export function tryDecimalToCents(text: string): bigint | undefined {
  try {
    return decimalToCents(text);
  } catch {
    return undefined;
  }
}

/**
 * A reported amount (`'10.2987'`) as whole cents, rounded down (`1029n`): for what a payer sent,
 * where a fraction of a cent is never ours to credit. Undefined when it is not a decimal.
 */
export function decimalToCentsDown(text: string): bigint | undefined {
  const match = DECIMAL.exec(text);
  if (!match) return undefined;
  const [, whole = '0', fraction = ''] = match;
  return BigInt(whole) * 100n + BigInt(fraction.slice(0, 2).padEnd(2, '0'));
}

/** `2575n` → `'25.75'`: the amount string Cryptomus expects. Non-negative integers only. */
export function centsToDecimal(cents: bigint | number): string {
  if (typeof cents === 'number' && !Number.isSafeInteger(cents)) {
    throw new RangeError(`cents must be an integer: ${cents}`);
  }
  const value = BigInt(cents);
  if (value < 0n) throw new RangeError(`cents must not be negative: ${value}`);
  return `${value / 100n}.${(value % 100n).toString().padStart(2, '0')}`;
}

/** `'22.66'` → `{ units: 2266n, scale: 2 }`: a decimal as an integer and its number of decimals. */
function scaled(text: string): { units: bigint; scale: number } | undefined {
  const match = DECIMAL.exec(text);
  if (!match) return undefined;
  const [, whole = '0', fraction = ''] = match;
  return { units: BigInt(whole + fraction), scale: fraction.length };
}

/**
 * What the part of a payment beyond its due is worth, in cents of `worthCents`: `worthCents × (paid −
 * due) / due`, rounded down. `paid` and `due` are decimal strings in the same coin (Cryptomus'
 * `payment_amount` and `payer_amount`, any number of decimals), so no exchange rate is needed: the
 * payer paid 10 % over, the invoice was worth 10 % more. Zero when nothing was paid over; undefined
 * when either amount is not a decimal or nothing was due.
 */
export function overpaidShareCents(worthCents: bigint, paid: string, due: string): bigint | undefined {
  const p = scaled(paid);
  const d = scaled(due);
  if (!p || !d) return undefined;
  const scale = Math.max(p.scale, d.scale);
  const paidUnits = p.units * 10n ** BigInt(scale - p.scale);
  const dueUnits = d.units * 10n ** BigInt(scale - d.scale);
  if (dueUnits === 0n) return undefined;
  if (paidUnits <= dueUnits) return 0n;
  return (worthCents * (paidUnits - dueUnits)) / dueUnits;
}
