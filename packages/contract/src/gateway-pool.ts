import { z } from 'zod';

/**
 * The exit pool (docs/architecture.md#gateway-principles): where the gateway sends customers' traffic. Kept by the server in its
 * `exits` table and managed on the console (decision 030); gateways load it over the internal API and
 * follow its changes. The JSON file `GATEWAY_POOL_FILE` (this schema) seeds an empty table once;
 * without one, a single untagged `direct` exit carries every line without a location, so a fresh
 * install works (lines with a location are refused `no_exit`: it is not tagged with any).
 */

const code = (length: number) => z.string().regex(new RegExp(`^[a-z]{${length}}$`));
/** City and state names as in the username syntax: lower case, `_` for spaces. */
const placeName = z.string().regex(/^[a-z0-9_]{1,64}$/);

export const exitSchema = z.object({
  /** A stable name, used for sticky sessions and in logs and metrics. */
  id: z.string().regex(/^[\w.-]{1,64}$/),
  type: z.enum(['direct', 'http', 'socks5']),
  /** Upstream proxy address (http/socks5 only). */
  host: z.string().min(1).max(253).optional(),
  port: z.number().int().min(1).max(65535).optional(),
  username: z.string().max(255).optional(),
  password: z.string().max(255).optional(),
  /**
   * ISO 3166-1 alpha-2, lower case. An exit serves a requested country, state or city only when
   * tagged with it; omitted = serves lines that do not ask for one (a `forward_targeting` exit: any).
   */
  country: code(2).optional(),
  state: placeName.optional(),
  city: placeName.optional(),
  /** Russian names of the state and city (English names are derived from the codes). */
  state_ru: z.string().max(100).optional(),
  city_ru: z.string().max(100).optional(),
  /**
   * The upstream speaks the username grammar of docs/architecture.md#gateway-principles (the Oxylabs/Decodo family): its username gets
   * the customer's targeting and session appended (`USER-country-de-session-…-sesstime-30`), so the
   * provider picks the location and keeps the session. Untagged, such an exit serves every location.
   */
  forward_targeting: z.boolean().optional(),
  /** Relative share of rotating traffic (default 1). */
  weight: z.number().int().min(1).max(1000).default(1),
});
export type Exit = z.infer<typeof exitSchema>;

export const poolSchema = z.object({ exits: z.array(exitSchema).min(1) }).superRefine((pool, ctx) => {
  for (const [i, exit] of pool.exits.entries()) {
    if (exit.type !== 'direct' && (!exit.host || !exit.port)) {
      ctx.addIssue({
        code: 'custom',
        path: ['exits', i, 'host'],
        message: 'an upstream exit needs host and port',
      });
    }
    if (exit.forward_targeting && exit.type === 'direct') {
      ctx.addIssue({
        code: 'custom',
        path: ['exits', i, 'forward_targeting'],
        message: 'only an upstream exit can forward targeting',
      });
    }
  }
});
export type Pool = z.infer<typeof poolSchema>;

export const DEFAULT_POOL: Pool = { exits: [{ id: 'direct', type: 'direct', weight: 1 }] };
