import {
  newSessionId,
  proxyLine,
  proxyUsername,
  WHITELIST_PROXY_PASSWORD,
  WHITELIST_PROXY_USER,
  type ProxyLineFormat,
  type Targeting,
} from '@resiport/contract';

/**
 * The generated list: N proxy lines in one of the formats of docs/product.md#proxy-formats, with the username syntax of
 * docs/architecture.md#gateway-principles (the contract's `proxyUsername` / `proxyLine`, which the gateway parses).
 */

/** Whose traffic the lines use: a sub-account's credentials, or the caller's whitelisted IP. */
export type ProxyAuth = { kind: 'sub'; username: string; password: string } | { kind: 'whitelist' };

export interface ProxyListSpec {
  endpoint: { host: string; port: number };
  auth: ProxyAuth;
  /** Country, state and city codes (no session: that is per line). */
  location: Omit<Targeting, 'session'>;
  /** Sticky: each line keeps its exit for this many minutes; undefined: a new exit per connection. */
  stickyMinutes: number | undefined;
  format: ProxyLineFormat;
  quantity: number;
}

/**
 * Whether the lines carry credentials. Sub-accounts always do; whitelisted IPs only when they
 * target a location or are sticky (then as the gateway's reserved `whitelist` user, accepted from
 * a whitelisted IP whatever the password), otherwise the lines are bare `HOST:PORT`.
 */
export function hasCredentials(spec: Pick<ProxyListSpec, 'auth' | 'location' | 'stickyMinutes'>): boolean {
  if (spec.auth.kind === 'sub') return true;
  const { country, state, city } = spec.location;
  // Truthy as `proxyUsername` reads them: an empty code targets nothing.
  return spec.stickyMinutes !== undefined || [country, state, city].some(Boolean);
}

/**
 * The credentials of line `index`: targeting in the username, and for a sticky list that line's
 * own session id. A sub-account logs in as itself; a whitelisted IP as `whitelist-…` with a
 * placeholder password, or with nothing at all when it neither targets nor sticks (`HOST:PORT`).
 */
export function lineCredentials(
  spec: ProxyListSpec,
  sessionIds: readonly string[],
  index: number,
): { username: string; password: string } | undefined {
  if (!hasCredentials(spec)) return undefined;
  const { user, password } =
    spec.auth.kind === 'sub'
      ? { user: spec.auth.username, password: spec.auth.password }
      : { user: WHITELIST_PROXY_USER, password: WHITELIST_PROXY_PASSWORD };
  const sessionId = sessionIds[index];
  const session =
    spec.stickyMinutes !== undefined && sessionId !== undefined
      ? { id: sessionId, minutes: spec.stickyMinutes }
      : undefined;
  return { username: proxyUsername(user, { ...spec.location, session }), password };
}

/**
 * `spec.quantity` lines. Rotating lines are all the same (each connection gets a new exit anyway);
 * sticky lines differ by their session id, `sessionIds[i]` for line i.
 */
export function proxyLines(spec: ProxyListSpec, sessionIds: readonly string[]): string[] {
  const { host, port } = spec.endpoint;
  return Array.from({ length: spec.quantity }, (_, index) => {
    const credentials = lineCredentials(spec, sessionIds, index);
    if (credentials === undefined) return `${host}:${port}`;
    return proxyLine(spec.format, spec.endpoint, { user: credentials.username, pass: credentials.password });
  });
}

/** Where the example request goes: it answers with the IP and location it saw. */
export const CURL_TARGET = 'https://ipinfo.io';

/** `resiport-proxies-us-100.txt` (`any` without a country); the brand is the app's name as a slug. */
export function proxyListFileName(brand: string, country: string | undefined, count: number): string {
  const slug =
    brand
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'proxies';
  return `${slug}-proxies-${country ?? 'any'}-${count}.txt`;
}

interface RandomSource {
  getRandomValues<T extends Uint32Array>(array: T): T;
}

/**
 * A uniform random integer below `n` (for `newSessionId`) from the browser's CSPRNG: values from
 * the top partial range are dropped, so no index is favoured; bytes are drawn 256 at a time.
 */
export function cryptoRandomIndex(source: RandomSource = globalThis.crypto): (n: number) => number {
  let buffer = new Uint32Array(0);
  let next = 0;
  return (n) => {
    const limit = 2 ** 32 - (2 ** 32 % n);
    for (;;) {
      if (next >= buffer.length) {
        buffer = source.getRandomValues(new Uint32Array(256));
        next = 0;
      }
      const value = buffer[next++] ?? limit;
      if (value < limit) return value % n;
    }
  };
}

/** `count` fresh session ids, one per sticky line. */
export function newSessionIds(count: number, random: (n: number) => number = cryptoRandomIndex()): string[] {
  return Array.from({ length: count }, () => newSessionId(random));
}
