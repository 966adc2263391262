/**
 * Proxy lines as the generator prints them (formats of docs/product.md#proxy-formats) and the proxy username grammar of
 * docs/architecture.md#gateway-principles: `SUBUSER[-country-CC][-state-ST][-city-NAME][-session-ID[-sesstime-MIN]]`, lower-case
 * keys, `_` for spaces. The gateway parses what this builds.
 */

export const proxyLineFormats = [
  'HOST:PORT:USER:PASS',
  'HOST:PORT@USER:PASS',
  'USER:PASS:HOST:PORT',
  'USER:PASS@HOST:PORT',
] as const;
export type ProxyLineFormat = (typeof proxyLineFormats)[number];

export const STICKY_MINUTES_MIN = 1;
export const STICKY_MINUTES_MAX = 120;
export const STICKY_MINUTES_DEFAULT = 30;
export const MAX_PROXY_LINES = 1000;

/**
 * The reserved proxy user of whitelisted addresses that want targeting or a sticky session
 * (`whitelist-country-us-session-s1`): accepted only from a whitelisted IP, whatever the password
 * (the address is the credential). Sub-account names are 12–24 characters, so none can take it.
 * Generated lines carry it with a placeholder password, for tools that insist on one.
 */
export const WHITELIST_PROXY_USER = 'whitelist';
export const WHITELIST_PROXY_PASSWORD = 'ip';

export interface Targeting {
  country?: string | undefined;
  state?: string | undefined;
  city?: string | undefined;
  /** Sticky: the same exit for this id until `minutes` pass; none = a new exit per connection. */
  session?: { id: string; minutes: number } | undefined;
}

export function proxyUsername(user: string, targeting: Targeting): string {
  const parts = [user];
  if (targeting.country) parts.push('country', targeting.country.toLowerCase());
  if (targeting.state) parts.push('state', targeting.state.toLowerCase());
  if (targeting.city) parts.push('city', targeting.city.toLowerCase());
  if (targeting.session) {
    parts.push('session', targeting.session.id, 'sesstime', String(targeting.session.minutes));
  }
  return parts.join('-');
}

export function proxyLine(
  format: ProxyLineFormat,
  endpoint: { host: string; port: number },
  credentials: { user: string; pass: string },
): string {
  const { host, port } = endpoint;
  const { user, pass } = credentials;
  switch (format) {
    case 'HOST:PORT:USER:PASS':
      return `${host}:${port}:${user}:${pass}`;
    case 'HOST:PORT@USER:PASS':
      return `${host}:${port}@${user}:${pass}`;
    case 'USER:PASS:HOST:PORT':
      return `${user}:${pass}:${host}:${port}`;
    case 'USER:PASS@HOST:PORT':
      return `${user}:${pass}@${host}:${port}`;
  }
}

/** Session ids: 10 letters and digits, fresh for every sticky line. */
export function newSessionId(random: (n: number) => number): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  let id = '';
  for (let i = 0; i < 10; i++) id += alphabet.charAt(random(alphabet.length));
  return id;
}
