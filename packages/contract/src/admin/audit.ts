import { z } from 'zod';
import { pageOf } from '../recharge';
import { defineEndpoint } from '../endpoint';
import { rowIdSchema } from '../rules';
import { adminPageQuery, optionalDate, searchText } from './common';

/**
 * The operator audit log (docs/product.md#operator-console): one row per console or CLI action — who, when, what, the
 * values before and after, and the reason. Append-only: no call edits or deletes a row, and the
 * database refuses UPDATE and DELETE on the table.
 */

/** Every action the log records; the console shows each by name (admin namespaces). */
export const operatorActions = [
  'customer.view',
  'customer.adjust_balance',
  'customer.adjust_traffic',
  'customer.disable',
  'customer.enable',
  'customer.resend_activation',
  'customer.revoke_sessions',
  'customer.make_operator',
  'customer.unmake_operator',
  'order.refund',
  'invoice.resolve',
  'catalogue.price_tier',
  'catalogue.price_tier_remove',
  'catalogue.package',
  'catalogue.coupon_create',
  'catalogue.coupon_update',
  'catalogue.coupon_disable',
  'exit.create',
  'exit.update',
  'exit.disable',
  'exit.enable',
] as const;
export type OperatorAction = (typeof operatorActions)[number];

/** A JSON snapshot of what changed (only the fields the action touched). */
export const auditValues = z.record(z.string(), z.unknown()).nullable();

export const auditEntrySchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  /** Null when the command line did it (`npm run admin`). */
  operator_id: z.number().int().nullable(),
  operator_email: z.string().nullable(),
  action: z.string(),
  /** What was acted on: `account`, `order`, `invoice`, `package`, `coupon`, `exit`, … and its id. */
  target_type: z.string(),
  target_id: z.string(),
  /** The customer concerned, when there is one. */
  account_id: z.number().int().nullable(),
  account_email: z.string().nullable(),
  before: auditValues,
  after: auditValues,
  reason: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditListQuery = adminPageQuery.extend({
  /** Matches the reason, the target id and the operator's or the customer's email. */
  q: searchText,
  action: z.enum(operatorActions).optional(),
  account_id: rowIdSchema().optional(),
  operator_id: rowIdSchema().optional(),
  start_date: optionalDate,
  end_date: optionalDate,
});

export const adminAuditEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/admin/audit',
    auth: 'operator',
    request: auditListQuery,
    response: pageOf(auditEntrySchema),
    summary: 'The audit log, newest first, searchable (operators only).',
  }),
};
