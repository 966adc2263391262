import { z } from 'zod';
import { defineEndpoint, defineLink } from './endpoint';
import { pageOf, pageQuery } from './recharge';

/**
 * The customer's balance history: every movement of their money balance, newest first, straight from
 * the ledger (docs/product.md#balance-history). Amounts in cents, exact and signed.
 */
export const balanceEntryKinds = [
  'recharge',
  'overpayment',
  'order_payment',
  'refund',
  'adjustment',
] as const;
export type BalanceEntryKind = (typeof balanceEntryKinds)[number];

/**
 * What a movement is about: a top-up, an order, or a crypto payment an operator settled. An
 * `overpayment` (what a crypto payment brought beyond its invoice, decision 026) names the top-up or
 * order it was paid with.
 */
export const balanceEntryRefTypes = ['recharge', 'order', 'invoice'] as const;
export type BalanceEntryRefType = (typeof balanceEntryRefTypes)[number];

export const balanceEntrySchema = z.object({
  id: z.number().int(),
  /** ISO 8601, UTC. */
  time: z.string(),
  kind: z.enum(balanceEntryKinds),
  /** Signed: positive adds to the balance. */
  amount_cents: z.number().int(),
  balance_after_cents: z.number().int(),
  reference: z.object({ type: z.enum(balanceEntryRefTypes), id: z.number().int() }).nullable(),
  /** An operator's adjustment: the reason they gave, which the customer sees. */
  note: z.string().nullable(),
});
export type BalanceEntry = z.infer<typeof balanceEntrySchema>;

export const balanceHistoryQuery = pageQuery.extend({
  format: z.enum(['json', 'csv'], { error: 'validation.invalid' }).default('json'),
});

/** The export's columns, in order: time UTC, kind, reference ("order 41"), amounts in cents, note. */
export const balanceCsvColumns = [
  'time_utc',
  'kind',
  'reference',
  'amount_cents',
  'balance_after_cents',
  'note',
] as const;

export const balanceEndpoints = {
  history: defineEndpoint({
    method: 'GET',
    path: '/order/balanceRecord',
    auth: 'account',
    readOnly: true,
    request: balanceHistoryQuery,
    response: pageOf(balanceEntrySchema),
    summary: 'With `format=csv`: a `text/csv` attachment of every movement instead of the envelope.',
  }),
};

export const balanceLinks = {
  historyCsv: defineLink({
    method: 'GET',
    path: '/order/balanceRecord',
    auth: 'account',
    readOnly: true,
    request: balanceHistoryQuery,
  }),
};
