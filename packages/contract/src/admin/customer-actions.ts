import { z } from 'zod';
import { BYTES_PER_GB, MAX_RECHARGE_CENTS, parseGbToBytes, parseUsdToCents } from '../money';
import { idempotencyKeySchema } from '../recharge';
import { rowIdSchema } from '../rules';
import { reasonSchema } from './common';

/**
 * What the operator may do to a customer (docs/product.md#operator-console): adjust the balance or the main account's
 * traffic (a ledger entry of kind `adjustment`, never a silent change), disable / enable the
 * account, resend the activation mail, sign the customer out everywhere, make or unmake an
 * operator. Every action takes a reason (kept in the audit log); the two adjustments also take an
 * idempotency key, so a double click or a retried request posts once.
 */

/** Largest single balance adjustment, either way: the largest top-up (anything above is a typo). */
export const MAX_ADJUSTMENT_CENTS = MAX_RECHARGE_CENTS;
/** Largest single traffic adjustment, either way: 100,000 GB. */
export const MAX_ADJUSTMENT_GB = 100_000;

/** Splits a typed signed amount ("-5", "+2.5", "3") into its sign and the text of its size. */
function signedParts(text: string): { sign: 1n | -1n; size: string } {
  const trimmed = text.trim();
  if (trimmed.startsWith('-')) return { sign: -1n, size: trimmed.slice(1) };
  return { sign: 1n, size: trimmed.startsWith('+') ? trimmed.slice(1) : trimmed };
}

/**
 * A signed USD amount typed by the operator ("25", "-5.50", "+0.01") as exact cents, through the
 * contract's one USD parser; undefined for zero, more than two decimals or more than the maximum.
 */
export function parseSignedUsdToCents(text: string): number | undefined {
  const { sign, size } = signedParts(text);
  const cents = parseUsdToCents(size);
  if (cents === undefined || cents === 0 || cents > MAX_ADJUSTMENT_CENTS) return undefined;
  return Number(sign) * cents;
}

/**
 * A signed traffic amount in GB ("2", "-0.5") as exact bytes (1 GB = 10^9), through the parser the
 * sub-account transfers use; undefined for zero, finer than a byte or more than the maximum.
 */
export function parseSignedGbToBytes(text: string): number | undefined {
  const { sign, size } = signedParts(text);
  const bytes = parseGbToBytes(size);
  if (bytes === undefined || bytes === 0 || bytes > MAX_ADJUSTMENT_GB * BYTES_PER_GB) return undefined;
  return Number(sign) * bytes;
}

function signedAmount(parse: (text: string) => number | undefined, message: string) {
  return z
    .string({ error: 'validation.required' })
    .min(1, { error: 'validation.required' })
    .transform((value, ctx) => {
      const amount = parse(value);
      if (amount === undefined) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return amount;
    });
}

/** Signed USD text → cents (negative takes money off the balance). */
export const signedUsdSchema = signedAmount(parseSignedUsdToCents, 'validation.amount');
/** Signed GB text → bytes (negative takes traffic off the main account). */
export const signedGbSchema = signedAmount(parseSignedGbToBytes, 'validation.traffic');

/** The customer an action or a read is about. */
export const customerIdField = { account_id: rowIdSchema() };

export const customerActionBody = z.object({ ...customerIdField, reason: reasonSchema });
export type CustomerActionInput = z.input<typeof customerActionBody>;

/** An adjustment: the key is required here (a console change must never post twice). */
const adjustmentFields = {
  ...customerIdField,
  reason: reasonSchema,
  idempotency_key: idempotencyKeySchema.unwrap(),
};

export const adjustBalanceBody = z.object({ ...adjustmentFields, amount: signedUsdSchema });
export type AdjustBalanceInput = z.input<typeof adjustBalanceBody>;

export const adjustTrafficBody = z.object({ ...adjustmentFields, traffic: signedGbSchema });
export type AdjustTrafficInput = z.input<typeof adjustTrafficBody>;

/** `data` of a balance adjustment: its ledger entry and the balance after it. */
export const adjustBalanceData = z.object({
  ledger_entry_id: z.number().int(),
  amount_cents: z.number().int(),
  balance_cents: z.number().int(),
});

/** `data` of a traffic adjustment: its ledger entry and the main account's traffic left after it. */
export const adjustTrafficData = z.object({
  ledger_entry_id: z.number().int(),
  amount_bytes: z.number().int(),
  traffic_left_bytes: z.number().int(),
});

export const customerStatuses = ['pending', 'active', 'disabled'] as const;
export type CustomerStatus = (typeof customerStatuses)[number];
export const customerRoles = ['customer', 'operator'] as const;
export type CustomerRole = (typeof customerRoles)[number];

/** `data` of disable / enable / make / unmake operator: the account's status and role after it. */
export const customerStateData = z.object({
  status: z.enum(customerStatuses),
  role: z.enum(customerRoles),
});

/** `data` of "sign out everywhere": how many live sessions ended. */
export const revokedSessionsData = z.object({ revoked: z.number().int() });
