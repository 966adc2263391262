import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { rowIdSchema } from '../rules';
import { reasonSchema } from './common';

/**
 * "View the portal as the customer sees it" (docs/product.md#operator-console): a short read-only credential for one
 * customer's portal, opened in its own tab. Every view is an audit row (`customer.view`); every call
 * of the viewed portal that would change something is refused with 10090.
 */
export const viewAsBody = z.object({ account_id: rowIdSchema(), reason: reasonSchema });

export const viewAsData = z.object({
  /** Sent as `JWT-TOKEN` by the view tab; it cannot be refreshed. */
  token: z.string(),
  expires_at: z.string(),
  email: z.string(),
});
export type ViewAsData = z.infer<typeof viewAsData>;

export const adminViewAsEndpoints = {
  open: defineEndpoint({
    method: 'POST',
    path: '/admin/view-as',
    auth: 'operator',
    request: viewAsBody,
    response: viewAsData,
    summary: "A read-only view of a customer's portal for 30 minutes, audited (operators only).",
  }),
};
