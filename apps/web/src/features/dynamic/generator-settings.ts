import {
  MAX_PROXY_LINES,
  proxyLineFormats,
  STICKY_MINUTES_DEFAULT,
  STICKY_MINUTES_MAX,
  STICKY_MINUTES_MIN,
  type dynamicEndpoints,
  type EndpointData,
  type ProxyLineFormat,
} from '@resiport/contract';

/**
 * The proxy generator's settings (docs/product.md#proxy-settings) and how they live in the page's query
 * string, so a configured generator can be bookmarked or shared: `?country=us&rotation=sticky`.
 * Only values that differ from the defaults are written; anything unreadable falls back to them.
 */

export const proxyProtocols = ['http', 'socks5'] as const;
export type ProxyProtocol = (typeof proxyProtocols)[number];

export const rotations = ['rotating', 'sticky'] as const;
export type Rotation = (typeof rotations)[number];

export type Gateway = EndpointData<typeof dynamicEndpoints.gateways>['list'][number];

/** The `auth` value meaning "whitelisted IP" (sub-account usernames are 12–24 characters, so never this). */
export const WHITELIST_AUTH = 'whitelist';

export const DEFAULT_QUANTITY = 10;

export interface GeneratorSettings {
  /** ISO 3166-1 alpha-2, lower case; undefined: any country. */
  country: string | undefined;
  /** State and city codes as in the username syntax (`new_york`); undefined: any. */
  state: string | undefined;
  city: string | undefined;
  protocol: ProxyProtocol;
  rotation: Rotation;
  /** How long a sticky line keeps its IP. */
  stickyMinutes: number;
  /** The gateway's hostname; undefined: the first one offered. */
  host: string | undefined;
  /** A sub-account's username or `WHITELIST_AUTH`; undefined: the default choice. */
  auth: string | undefined;
  quantity: number;
  format: ProxyLineFormat;
}

export const defaultSettings: GeneratorSettings = {
  country: undefined,
  state: undefined,
  city: undefined,
  protocol: 'http',
  rotation: 'rotating',
  stickyMinutes: STICKY_MINUTES_DEFAULT,
  host: undefined,
  auth: undefined,
  quantity: DEFAULT_QUANTITY,
  format: proxyLineFormats[0],
};

const whole = (min: number, max: number) => (value: number | null | undefined) =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;

export const isQuantity = whole(1, MAX_PROXY_LINES);
export const isStickyMinutes = whole(STICKY_MINUTES_MIN, STICKY_MINUTES_MAX);

const countryPattern = /^[a-z]{2}$/;
/** As the username syntax writes places: lower case, `_` for spaces (gateway pool `placeName`). */
const placePattern = /^[a-z0-9_]{1,64}$/;
/** A hostname or an IP literal as the gateway list gives it. */
const hostPattern = /^[A-Za-z0-9.:[\]-]{1,253}$/;
const authPattern = /^[a-z0-9]{1,24}$/;

const oneOf = <T extends string>(list: readonly T[], value: string | null): T | undefined =>
  list.find((item) => item === value);

const matching = (pattern: RegExp, value: string | null): string | undefined =>
  value !== null && pattern.test(value) ? value : undefined;

const wholeNumber = (value: string | null): number | null =>
  value !== null && /^\d{1,4}$/.test(value) ? Number(value) : null;

/** The query parameter of each setting. */
const keys = {
  country: 'country',
  state: 'state',
  city: 'city',
  protocol: 'protocol',
  rotation: 'rotation',
  stickyMinutes: 'minutes',
  host: 'host',
  auth: 'auth',
  quantity: 'quantity',
  format: 'format',
} as const satisfies Record<keyof GeneratorSettings, string>;

/** The settings a query string describes; what is missing or unreadable takes its default. */
export function settingsFromQuery(query: URLSearchParams): GeneratorSettings {
  const get = (key: keyof GeneratorSettings) => query.get(keys[key]);
  const country = matching(countryPattern, get('country')?.toLowerCase() ?? null);
  // A state or city only means something inside a country.
  const place = (key: 'state' | 'city') => (country ? matching(placePattern, get(key)) : undefined);
  const quantity = wholeNumber(get('quantity'));
  const minutes = wholeNumber(get('stickyMinutes'));
  return {
    country,
    state: place('state'),
    city: place('city'),
    protocol: oneOf(proxyProtocols, get('protocol')) ?? defaultSettings.protocol,
    rotation: oneOf(rotations, get('rotation')) ?? defaultSettings.rotation,
    stickyMinutes: isStickyMinutes(minutes) && minutes !== null ? minutes : defaultSettings.stickyMinutes,
    host: matching(hostPattern, get('host')),
    auth: matching(authPattern, get('auth')),
    quantity: isQuantity(quantity) && quantity !== null ? quantity : defaultSettings.quantity,
    format: oneOf(proxyLineFormats, get('format')) ?? defaultSettings.format,
  };
}

/**
 * `previous` with the settings written over it: values equal to the defaults are left out (a
 * clean URL for the common case), other query parameters (e.g. `order_id`) are kept.
 */
export function settingsToQuery(settings: GeneratorSettings, previous: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(previous);
  for (const [key, param] of Object.entries(keys) as [keyof GeneratorSettings, string][]) {
    const value = settings[key];
    if (value === undefined || value === defaultSettings[key]) next.delete(param);
    else next.set(param, String(value));
  }
  return next;
}

/**
 * A change of settings, keeping them consistent: another country forgets the state and city
 * (they belong to the old one).
 */
export function changeSettings(
  settings: GeneratorSettings,
  change: Partial<GeneratorSettings>,
): GeneratorSettings {
  const next = { ...settings, ...change };
  if ('country' in change && change.country !== settings.country) {
    next.state = undefined;
    next.city = undefined;
  }
  return next;
}

/** The gateway port of a protocol. */
export function portFor(gateway: Pick<Gateway, 'http_port' | 'socks_port'>, protocol: ProxyProtocol): number {
  return protocol === 'http' ? gateway.http_port : gateway.socks_port;
}

/** The chosen gateway, or the first one when the chosen hostname is not (or no longer) offered. */
export function gatewayFor(gateways: readonly Gateway[], host: string | undefined): Gateway | undefined {
  return gateways.find((gateway) => gateway.hostname === host) ?? gateways[0];
}
