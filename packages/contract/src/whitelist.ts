import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { canonicalIp } from './ip';
import { pageQuery } from './recharge';
import { rowIdSchema } from './rules';
import { remarkSchema } from './subaccounts';

/** The IP whitelist (docs/product.md#whitelist): addresses that use the proxy without a password. */

/** How many addresses one account may whitelist. */
export const MAX_WHITELIST_IPS = 50;

/** The IP check of docs/product.md#ip-addresses; the value becomes the canonical form (see ip.ts). */
export const ipSchema = z
  .string({ error: 'validation.required' })
  .min(1, { error: 'validation.required' })
  .transform((text, ctx) => {
    const ip = canonicalIp(text);
    if (ip === undefined) {
      ctx.addIssue({ code: 'custom', message: 'validation.ip' });
      return z.NEVER;
    }
    return ip;
  });

const idSchema = rowIdSchema();

export const whitelistEntrySchema = z.object({
  id: z.number().int(),
  ip: z.string(),
  remark: z.string(),
  created_at: z.string(),
});
export type WhitelistEntry = z.infer<typeof whitelistEntrySchema>;

export const whitelistQuery = pageQuery;

export const whitelistData = z.object({
  list: z.array(whitelistEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  limit: z.number().int(),
  /** The address this request came from, for "add my current IP". */
  current_ip: z.string(),
});

export const whitelistAddBody = z.object({ ip: ipSchema, remark: remarkSchema.default('') });
export const whitelistUpdateBody = z.object({
  id: idSchema,
  ip: ipSchema.optional(),
  remark: remarkSchema.optional(),
});
export const whitelistDeleteBody = z.object({ id: idSchema });
export const whitelistDeleteData = z.object({ id: z.number().int() });

/** The IP whitelist (docs/product.md#whitelist): every call is GET as originally and POST too (docs/architecture.md#api-conventions). */
export const whitelistEndpoints = {
  list: defineEndpoint({
    method: 'GET+POST',
    path: '/auth/whiteipget',
    auth: 'account',
    readOnly: true,
    request: whitelistQuery,
    response: whitelistData,
  }),
  add: defineEndpoint({
    method: 'GET+POST',
    path: '/auth/whiteipadd',
    auth: 'account',
    request: whitelistAddBody,
    response: whitelistEntrySchema,
  }),
  update: defineEndpoint({
    method: 'GET+POST',
    path: '/auth/whiteipupdate',
    auth: 'account',
    request: whitelistUpdateBody,
    response: whitelistEntrySchema,
  }),
  delete: defineEndpoint({
    method: 'GET+POST',
    path: '/auth/whiteipdelete',
    auth: 'account',
    request: whitelistDeleteBody,
    response: whitelistDeleteData,
  }),
};
