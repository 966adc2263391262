import { COUNTRY_CODES } from '@resiport/contract';

/**
 * The proxy username (docs/architecture.md#gateway-principles, the Oxylabs/Decodo family):
 *
 *   SUBUSER[-country-CC][-state-ST][-city-NAME][-session-ID[-sesstime-MIN]]
 *
 * Keys are lower case; values are case-insensitive except the session id; `_` stands for a space in
 * state and city names (there is no escaping: `-` is the separator). Options may come in any order
 * but each at most once; `sesstime` needs `session`. Anything else (an unknown key, a missing value,
 * an empty part, an out-of-range number) is an error, never ignored: a silently dropped `-country-`
 * would route a customer somewhere they did not ask for.
 *
 * The values must make sense on their own too: the country is an ISO 3166-1 alpha-2 code (`gb`, not
 * `uk`), and a state or city needs a country (a city name alone is ambiguous). Whether the pool can
 * serve the place is decided later (`route/targeting.ts`, `route/pool.ts`).
 */

export interface Targeting {
  country?: string;
  state?: string;
  city?: string;
}

export interface Session {
  /** Case-sensitive, [A-Za-z0-9]{1,32}. */
  id: string;
  /** Lifetime in minutes (1–120, default 30): the exit stays the same within one such window. */
  minutes: number;
}

export interface ProxyUsername {
  /** Lower case (sub-account names are stored lower case). */
  subuser: string;
  target: Targeting;
  session?: Session;
}

export type ParseResult = { ok: true; value: ProxyUsername } | { ok: false; error: string };

export const MAX_USERNAME_LENGTH = 128;
export const DEFAULT_SESSION_MINUTES = 30;
export const MAX_SESSION_MINUTES = 120;

const SUBUSER = /^[A-Za-z0-9]{1,64}$/;
const COUNTRY = /^[A-Za-z]{2}$/;
const PLACE = /^[A-Za-z0-9_]{1,64}$/;
const SESSION_ID = /^[A-Za-z0-9]{1,32}$/;
const MINUTES = /^[1-9]\d{0,2}$/;
const KEYS = ['country', 'state', 'city', 'session', 'sesstime'] as const;
type Key = (typeof KEYS)[number];

const isKey = (text: string): text is Key => (KEYS as readonly string[]).includes(text);
const ISO_COUNTRIES = new Set(COUNTRY_CODES);

export function parseUsername(text: string): ParseResult {
  const fail = (error: string): ParseResult => ({ ok: false, error });
  if (text.length === 0) return fail('empty username');
  if (text.length > MAX_USERNAME_LENGTH) return fail(`longer than ${MAX_USERNAME_LENGTH} characters`);
  const [subuser = '', ...rest] = text.split('-');
  if (!SUBUSER.test(subuser)) return fail('the user name must be letters and digits');
  if (rest.length % 2 !== 0) return fail('every option needs a value: -key-value');

  const seen = new Map<Key, string>();
  for (let i = 0; i < rest.length; i += 2) {
    const key = rest[i] ?? '';
    const value = rest[i + 1] ?? '';
    if (!isKey(key)) return fail(`unknown option "${key}"`);
    if (seen.has(key)) return fail(`option "${key}" given twice`);
    if (value === '') return fail(`option "${key}" has no value`);
    seen.set(key, value);
  }

  const target: Targeting = {};
  const country = seen.get('country');
  if (country !== undefined) {
    if (!COUNTRY.test(country)) return fail('country must be a two-letter code');
    target.country = country.toLowerCase();
    if (!ISO_COUNTRIES.has(target.country)) return fail('country must be an ISO 3166-1 alpha-2 code');
  }
  for (const key of ['state', 'city'] as const) {
    const value = seen.get(key);
    if (value === undefined) continue;
    if (!PLACE.test(value)) return fail(`${key} must be letters, digits and _`);
    target[key] = value.toLowerCase();
  }
  if ((target.state !== undefined || target.city !== undefined) && target.country === undefined) {
    return fail('state and city need a country');
  }

  const result: ProxyUsername = { subuser: subuser.toLowerCase(), target };
  const sessionId = seen.get('session');
  const sesstime = seen.get('sesstime');
  if (sesstime !== undefined && sessionId === undefined) return fail('sesstime needs a session');
  if (sessionId !== undefined) {
    if (!SESSION_ID.test(sessionId)) return fail('session must be 1–32 letters and digits');
    let minutes = DEFAULT_SESSION_MINUTES;
    if (sesstime !== undefined) {
      if (!MINUTES.test(sesstime)) return fail('sesstime must be a whole number of minutes');
      minutes = Number(sesstime);
      if (minutes > MAX_SESSION_MINUTES) return fail(`sesstime must be 1–${MAX_SESSION_MINUTES}`);
    }
    result.session = { id: sessionId, minutes };
  }
  return { ok: true, value: result };
}
