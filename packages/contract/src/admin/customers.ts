import { z } from 'zod';
import { defineEndpoint, defineLink } from '../endpoint';
import { orderSchema } from '../orders';
import { pageOf, rechargeRecordSchema } from '../recharge';
import { signInMethods } from '../security';
import { subStatuses } from '../subaccounts';
import { usageData } from '../traffic';
import { whitelistEntrySchema } from '../whitelist';
import { adminPageQuery, searchText } from './common';
import {
  adjustBalanceBody,
  adjustBalanceData,
  adjustTrafficBody,
  adjustTrafficData,
  customerActionBody,
  customerIdField,
  customerRoles,
  customerStateData,
  customerStatuses,
  revokedSessionsData,
} from './customer-actions';

export * from './customer-actions';

/**
 * The console's customers (docs/product.md#operator-console): find a customer, read everything about their account, and
 * act on it. Money in cents and traffic in bytes (numbers, exact), times ISO 8601 UTC.
 */

export const customerListQuery = adminPageQuery.extend({
  /**
   * An email (part of it, any case), an account id, a sub-account's username (whole or its start)
   * or a whitelisted IP (any spelling of it).
   */
  q: searchText,
  status: z.enum(customerStatuses, { error: 'validation.invalid' }).optional(),
  role: z.enum(customerRoles, { error: 'validation.invalid' }).optional(),
});

export const customerRowSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  status: z.enum(customerStatuses),
  role: z.enum(customerRoles),
  balance_cents: z.number().int(),
  /** The customer's total left: the main account's and its live sub-accounts' (as /user/info adds them). */
  traffic_left_bytes: z.number().int(),
  subaccount_count: z.number().int(),
  created_at: z.string(),
  /** The latest use of any of its sign-in sessions; null when it never signed in. */
  last_seen_at: z.string().nullable(),
});
export type CustomerRow = z.infer<typeof customerRowSchema>;

export const customerQuery = z.object(customerIdField);

export const oauthIdentitySchema = z.object({
  provider: z.string(),
  email: z.string(),
  created_at: z.string(),
});

/** A sub-account as the operator sees it: no proxy password (the console never shows one). */
export const customerSubaccountSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  remark: z.string(),
  status: z.enum(subStatuses),
  traffic_left_bytes: z.number().int(),
  traffic_used_bytes: z.number().int(),
  created_at: z.string(),
});
export type CustomerSubaccount = z.infer<typeof customerSubaccountSchema>;

export const customerDetailSchema = z.object({
  account: z.object({
    id: z.number().int(),
    email: z.string(),
    status: z.enum(customerStatuses),
    role: z.enum(customerRoles),
    lang: z.string(),
    created_at: z.string(),
    activated_at: z.string().nullable(),
    two_factor_enabled: z.boolean(),
    has_api_token: z.boolean(),
    has_password: z.boolean(),
    oauth: z.array(oauthIdentitySchema),
  }),
  balance_cents: z.number().int(),
  traffic: z.object({
    /** The main account's own left (reserved by gateways included, as the customer sees it). */
    main_left_bytes: z.number().int(),
    /** What the main account's own proxies (whitelisted IPs) used. */
    main_used_bytes: z.number().int(),
    subaccounts_left_bytes: z.number().int(),
    /** Every sub-account's usage, deleted ones included. */
    subaccounts_used_bytes: z.number().int(),
    total_left_bytes: z.number().int(),
    total_used_bytes: z.number().int(),
  }),
  subaccounts: z.array(customerSubaccountSchema),
  whitelist: z.array(whitelistEntrySchema),
  counts: z.object({
    subaccounts: z.number().int(),
    whitelist: z.number().int(),
    orders: z.number().int(),
    topups: z.number().int(),
    live_sessions: z.number().int(),
  }),
});
export type CustomerDetail = z.infer<typeof customerDetailSchema>;

/**
 * Every kind of ledger entry (docs/architecture.md#ledger), money's and traffic's: the server's `LedgerKind` is this
 * list. `debt_repayment`: a sub-account returns to its main account what the main account paid for
 * it past zero.
 */
export const ledgerKinds = [
  'recharge',
  'order_payment',
  'refund',
  'adjustment',
  'purchase',
  'trial',
  'allocate',
  'recycle',
  'subaccount_deletion',
  'lease',
  'lease_return',
  'usage',
  'debt_repayment',
] as const;
export type LedgerKindName = (typeof ledgerKinds)[number];
export const ledgerAssets = ['money', 'traffic'] as const;

export const customerLedgerQuery = adminPageQuery.extend({
  ...customerIdField,
  asset: z.enum(ledgerAssets, { error: 'validation.invalid' }).optional(),
  kind: z.enum(ledgerKinds, { error: 'validation.invalid' }).optional(),
  format: z.enum(['json', 'csv'], { error: 'validation.invalid' }).default('json'),
});
export type CustomerLedgerQuery = z.input<typeof customerLedgerQuery>;

export const ledgerEntrySchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  asset: z.enum(ledgerAssets),
  kind: z.string(),
  /** Signed, cents (money) or bytes (traffic). */
  amount: z.number().int(),
  balance_after: z.number().int(),
  /** A sub-account's traffic entry; null for the main account's. */
  subaccount_id: z.number().int().nullable(),
  username: z.string().nullable(),
  ref_type: z.string().nullable(),
  ref_id: z.string().nullable(),
  note: z.string().nullable(),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

/** The ledger export's columns, in order: amounts exact and signed (cents or bytes, per `asset`). */
export const ledgerCsvColumns = [
  'time_utc',
  'asset',
  'kind',
  'subaccount',
  'amount',
  'balance_after',
  'ref_type',
  'ref_id',
  'note',
] as const;

export const customerPageQuery = adminPageQuery.extend(customerIdField);

export const customerSessionSchema = z.object({
  id: z.string(),
  method: z.enum(signInMethods),
  ip: z.string(),
  user_agent: z.string(),
  created_at: z.string(),
  last_seen_at: z.string(),
  revoked_at: z.string().nullable(),
});
export type CustomerSession = z.infer<typeof customerSessionSchema>;

const read = <Request extends z.ZodType, Response extends z.ZodType>(
  path: `/admin/customers${string}`,
  request: Request,
  response: Response,
  summary: string,
) => defineEndpoint({ method: 'GET', path, auth: 'operator', request, response, summary });

const act = <Request extends z.ZodType, Response extends z.ZodType>(
  path: `/admin/customers/${string}`,
  request: Request,
  response: Response,
  summary: string,
) => defineEndpoint({ method: 'POST', path, auth: 'operator', request, response, summary });

export const adminCustomersEndpoints = {
  list: read('/admin/customers', customerListQuery, pageOf(customerRowSchema), 'Find customers.'),
  detail: read('/admin/customers/detail', customerQuery, customerDetailSchema, "A customer's account."),
  ledger: read(
    '/admin/customers/ledger',
    customerLedgerQuery,
    pageOf(ledgerEntrySchema),
    'Money and traffic entries, newest first. With `format=csv`: a `text/csv` attachment instead.',
  ),
  orders: read('/admin/customers/orders', customerPageQuery, pageOf(orderSchema), 'Orders.'),
  topups: read('/admin/customers/topups', customerPageQuery, pageOf(rechargeRecordSchema), 'Top-ups.'),
  sessions: read(
    '/admin/customers/sessions',
    customerPageQuery,
    pageOf(customerSessionSchema),
    'Sign-in sessions, revoked ones too, most recently used first.',
  ),
  usage: read('/admin/customers/usage', customerQuery, usageData, 'Daily usage, the last 30 UTC days.'),
  adjustBalance: act(
    '/admin/customers/adjustBalance',
    adjustBalanceBody,
    adjustBalanceData,
    'A money adjustment (ledger kind `adjustment`).',
  ),
  adjustTraffic: act(
    '/admin/customers/adjustTraffic',
    adjustTrafficBody,
    adjustTrafficData,
    'A traffic adjustment of the main account (ledger kind `adjustment`).',
  ),
  disable: act('/admin/customers/disable', customerActionBody, customerStateData, 'Proxies stop at once.'),
  enable: act('/admin/customers/enable', customerActionBody, customerStateData, 'Undoes a disable.'),
  resendActivation: act(
    '/admin/customers/resendActivation',
    customerActionBody,
    z.null(),
    'A new activation link to a pending account.',
  ),
  revokeSessions: act(
    '/admin/customers/revokeSessions',
    customerActionBody,
    revokedSessionsData,
    'Ends every session and the developer token.',
  ),
  makeOperator: act(
    '/admin/customers/makeOperator',
    customerActionBody,
    customerStateData,
    'Grants the console.',
  ),
  unmakeOperator: act(
    '/admin/customers/unmakeOperator',
    customerActionBody,
    customerStateData,
    'Takes the console away (not from yourself, not from the last operator).',
  ),
};

/** The ledger as a file: the same route as `adminCustomersEndpoints.ledger`, with `format=csv`. */
export const adminCustomersLinks = {
  ledgerCsv: defineLink({
    method: 'GET',
    path: '/admin/customers/ledger',
    auth: 'operator',
    request: customerLedgerQuery,
  }),
};
