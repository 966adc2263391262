import { z } from 'zod';
import { defineEndpoint, defineLink, noInput } from './endpoint';

/** What the proxy generator needs (docs/product.md#proxy-generator). Paths are relative to `/api`. */

const names = z.object({ en: z.string(), ru: z.string() });

export const gatewaysData = z.object({
  list: z.array(
    z.object({
      hostname: z.string(),
      http_port: z.number().int(),
      socks_port: z.number().int(),
      protocols: z.array(z.enum(['http', 'socks5'])),
      region: z.string(),
    }),
  ),
});

export const stockData = z.object({
  /** Countries the pool can exit in, with names in both languages, sorted by code. */
  countries: z.array(z.object({ code: z.string(), name: names })),
  /**
   * True when some exit serves any country — a `forward_targeting` upstream without a country tag —
   * and then every country is listed. Empty `countries` (the default pool): lines cannot target.
   */
  any_country: z.boolean(),
});

export const citysQuery = z.object({
  country: z
    .string()
    .regex(/^[A-Za-z]{2}$/, { error: 'validation.invalid' })
    .transform((c) => c.toLowerCase()),
});

export const citysData = z.object({
  country: z.string(),
  states: z.array(z.object({ code: z.string(), name: names })),
  cities: z.array(z.object({ code: z.string(), state: z.string().nullable(), name: names })),
});

export const dynamicWhitelistData = z.object({ list: z.array(z.string()) });

/** Sends one request through a generated line (via the gateway) and reports where it came out. */
export const proxyTestBody = z.object({
  protocol: z.enum(['http', 'socks5'], { error: 'validation.invalid' }),
  username: z.string().min(1).max(128),
  password: z.string().max(64).default(''),
});
export const proxyTestData = z.object({
  ok: z.boolean(),
  /** The address the test request came from, as the target saw it. */
  exit_ip: z.string().nullable(),
  country: z.string().nullable(),
  latency_ms: z.number().int().nullable(),
  /** Why it failed: the gateway's reason (e.g. no_traffic, auth) or `unreachable`. */
  error: z.string().nullable(),
  /**
   * The gateway's own words for that refusal (its HTTP refusal body, docs/gateway.md), in the
   * account's language, so the test says what a customer's scraper would be told; null otherwise.
   */
  detail: z.string().nullable(),
});

/** What the proxy generator offers and its test button (docs/product.md#proxy-generator). */
export const dynamicEndpoints = {
  gateways: defineEndpoint({
    method: 'GET',
    path: '/dynamic/gateways',
    auth: 'account',
    readOnly: true,
    request: noInput,
    response: gatewaysData,
  }),
  stock: defineEndpoint({
    method: 'GET',
    path: '/dynamic/stock',
    auth: 'account',
    readOnly: true,
    request: noInput,
    response: stockData,
  }),
  citys: defineEndpoint({
    method: 'GET',
    path: '/dynamic/citys',
    auth: 'account',
    readOnly: true,
    request: citysQuery,
    response: citysData,
  }),
  whitelist: defineEndpoint({
    method: 'GET',
    path: '/dynamic/whiteipget',
    auth: 'account',
    readOnly: true,
    request: noInput,
    response: dynamicWhitelistData,
  }),
  test: defineEndpoint({
    method: 'POST',
    path: '/dynamic/testproxy',
    auth: 'account',
    request: proxyTestBody,
    response: proxyTestData,
  }),
};

/**
 * What a proxy test sees: the address a request came from, as plain JSON `{ip, country}` (for
 * set-ups without internet access, PROXY_TEST_URL can point here).
 */
export const dynamicLinks = {
  echo: defineLink({ method: 'GET', path: '/dynamic/echo', auth: 'public', request: noInput }),
};
