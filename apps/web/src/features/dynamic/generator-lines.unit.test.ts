import { codeExample, MAX_PROXY_LINES, proxyLineFormats, proxyTestBody } from '@resiport/contract';
import { describe, expect, it } from 'vitest';
import {
  changeSettings,
  defaultSettings,
  gatewayFor,
  isQuantity,
  isStickyMinutes,
  portFor,
  settingsFromQuery,
  settingsToQuery,
  type Gateway,
} from './generator-settings';
import {
  cryptoRandomIndex,
  CURL_TARGET,
  lineCredentials,
  newSessionIds,
  proxyLines,
  proxyListFileName,
  type ProxyListSpec,
} from './proxy-list';

const gateway: Gateway = {
  hostname: 'gw.example.com',
  http_port: 8000,
  socks_port: 1080,
  protocols: ['http', 'socks5'],
  region: 'eu',
};

const spec = (overrides: Partial<ProxyListSpec> = {}): ProxyListSpec => ({
  endpoint: { host: 'gw.example.com', port: 8000 },
  auth: { kind: 'sub', username: 'teamalpha2024', password: 'secret-pass' },
  location: {},
  stickyMinutes: undefined,
  format: 'HOST:PORT:USER:PASS',
  quantity: 3,
  ...overrides,
});

const ids = ['aaaaaaaaaa', 'bbbbbbbbbb', 'cccccccccc'];

/** The generator's curl example (the contract's), as the page builds it. */
const curlCommand = (
  protocol: 'http' | 'socks5',
  endpoint: { host: string; port: number },
  credentials: { username: string; password: string } | undefined,
) => codeExample('curl', { protocol, endpoint, credentials, target: CURL_TARGET }).code;

describe('generator settings in the query string', () => {
  it('reads defaults from an empty query and writes nothing for them', () => {
    expect(settingsFromQuery(new URLSearchParams())).toEqual(defaultSettings);
    expect(settingsToQuery(defaultSettings, new URLSearchParams()).toString()).toBe('');
  });

  it('round-trips every setting and keeps unrelated parameters', () => {
    const settings = {
      country: 'us',
      state: 'new_york',
      city: 'new_york_city',
      protocol: 'socks5',
      rotation: 'sticky',
      stickyMinutes: 45,
      host: 'gw2.example.com',
      auth: 'teamalpha2024',
      quantity: 250,
      format: 'USER:PASS@HOST:PORT',
    } as const;
    const query = settingsToQuery(settings, new URLSearchParams('order_id=12'));
    expect(query.get('order_id')).toBe('12');
    expect(query.get('minutes')).toBe('45');
    expect(settingsFromQuery(new URLSearchParams(query.toString()))).toEqual(settings);
  });

  it('drops what it cannot read instead of printing it into lines', () => {
    const settings = settingsFromQuery(
      new URLSearchParams(
        'country=usa&state=x&protocol=ftp&rotation=fast&minutes=0&quantity=1001&format=USER&auth=Bad!&host=a b',
      ),
    );
    expect(settings).toEqual(defaultSettings);
    expect(settingsFromQuery(new URLSearchParams('minutes=121&quantity=0')).stickyMinutes).toBe(30);
    expect(settingsFromQuery(new URLSearchParams('quantity=1.5')).quantity).toBe(10);
    // A state or city without a country means nothing; an upper-case country is read as lower case.
    expect(settingsFromQuery(new URLSearchParams('state=texas&city=austin')).state).toBeUndefined();
    expect(settingsFromQuery(new URLSearchParams('country=DE')).country).toBe('de');
  });

  it('forgets the state and city when the country changes', () => {
    const inUs = { ...defaultSettings, country: 'us', state: 'texas', city: 'austin' };
    expect(changeSettings(inUs, { country: 'de' })).toMatchObject({
      country: 'de',
      state: undefined,
      city: undefined,
    });
    expect(changeSettings(inUs, { country: 'us', quantity: 5 })).toMatchObject({
      state: 'texas',
      city: 'austin',
    });
    expect(changeSettings(inUs, { city: undefined })).toMatchObject({ state: 'texas', city: undefined });
  });

  it('checks quantity 1–1000 and sticky minutes 1–120 as whole numbers', () => {
    expect([0, 1, 1000, 1001, 2.5, null].map(isQuantity)).toEqual([false, true, true, false, false, false]);
    expect([0, 1, 120, 121].map(isStickyMinutes)).toEqual([false, true, true, false]);
    expect(MAX_PROXY_LINES).toBe(1000);
  });

  it('takes the port from the protocol and falls back to the first gateway', () => {
    expect(portFor(gateway, 'http')).toBe(8000);
    expect(portFor(gateway, 'socks5')).toBe(1080);
    const second = { ...gateway, hostname: 'gw2.example.com' };
    expect(gatewayFor([gateway, second], 'gw2.example.com')).toBe(second);
    expect(gatewayFor([gateway, second], 'gone.example.com')).toBe(gateway);
    expect(gatewayFor([gateway], undefined)).toBe(gateway);
    expect(gatewayFor([], undefined)).toBeUndefined();
  });
});

describe('proxy lines', () => {
  it('prints the same rotating line N times, in each format', () => {
    const expected = {
      'HOST:PORT:USER:PASS': 'gw.example.com:8000:teamalpha2024:secret-pass',
      'HOST:PORT@USER:PASS': 'gw.example.com:8000@teamalpha2024:secret-pass',
      'USER:PASS:HOST:PORT': 'teamalpha2024:secret-pass:gw.example.com:8000',
      'USER:PASS@HOST:PORT': 'teamalpha2024:secret-pass@gw.example.com:8000',
    } as const;
    for (const format of proxyLineFormats) {
      expect(proxyLines(spec({ format }), ids)).toEqual([
        expected[format],
        expected[format],
        expected[format],
      ]);
    }
  });

  it('puts the targeting in the username (the syntax of docs/architecture.md#gateway-principles) and a session per sticky line', () => {
    const lines = proxyLines(
      spec({ location: { country: 'us', state: 'new_york', city: 'new_york_city' }, stickyMinutes: 30 }),
      ids,
    );
    expect(lines).toEqual(
      ids.map(
        (id) =>
          `gw.example.com:8000:teamalpha2024-country-us-state-new_york-city-new_york_city-session-${id}-sesstime-30:secret-pass`,
      ),
    );
    expect(new Set(lines).size).toBe(3);
  });

  it('prints HOST:PORT for rotating whitelisted lines without a location, whatever the format', () => {
    for (const format of proxyLineFormats) {
      const whitelist = spec({ auth: { kind: 'whitelist' }, format, quantity: 2 });
      expect(proxyLines(whitelist, ids)).toEqual(['gw.example.com:8000', 'gw.example.com:8000']);
      expect(lineCredentials(whitelist, ids, 0)).toBeUndefined();
    }
  });

  it('logs whitelisted lines with a location in as the reserved whitelist user, in each format', () => {
    const expected = {
      'HOST:PORT:USER:PASS': 'gw.example.com:8000:whitelist-country-de:ip',
      'HOST:PORT@USER:PASS': 'gw.example.com:8000@whitelist-country-de:ip',
      'USER:PASS:HOST:PORT': 'whitelist-country-de:ip:gw.example.com:8000',
      'USER:PASS@HOST:PORT': 'whitelist-country-de:ip@gw.example.com:8000',
    } as const;
    for (const format of proxyLineFormats) {
      const whitelist = spec({ auth: { kind: 'whitelist' }, location: { country: 'de' }, format });
      expect(proxyLines(whitelist, ids)).toEqual([expected[format], expected[format], expected[format]]);
    }
    expect(
      proxyLines(
        spec({
          auth: { kind: 'whitelist' },
          location: { country: 'us', state: 'new_york', city: 'new_york_city' },
          quantity: 1,
        }),
        ids,
      ),
    ).toEqual(['gw.example.com:8000:whitelist-country-us-state-new_york-city-new_york_city:ip']);
  });

  it('gives every sticky whitelisted line its own session, with or without a location', () => {
    const anywhere = proxyLines(spec({ auth: { kind: 'whitelist' }, stickyMinutes: 30 }), ids);
    expect(anywhere).toEqual([
      'gw.example.com:8000:whitelist-session-aaaaaaaaaa-sesstime-30:ip',
      'gw.example.com:8000:whitelist-session-bbbbbbbbbb-sesstime-30:ip',
      'gw.example.com:8000:whitelist-session-cccccccccc-sesstime-30:ip',
    ]);
    expect(new Set(anywhere).size).toBe(3);
    const inUs = spec({
      auth: { kind: 'whitelist' },
      location: { country: 'us', city: 'new_york' },
      stickyMinutes: 5,
      format: 'USER:PASS@HOST:PORT',
    });
    expect(proxyLines(inUs, ids)).toEqual([
      'whitelist-country-us-city-new_york-session-aaaaaaaaaa-sesstime-5:ip@gw.example.com:8000',
      'whitelist-country-us-city-new_york-session-bbbbbbbbbb-sesstime-5:ip@gw.example.com:8000',
      'whitelist-country-us-city-new_york-session-cccccccccc-sesstime-5:ip@gw.example.com:8000',
    ]);
    expect(lineCredentials(inUs, ids, 1)).toEqual({
      username: 'whitelist-country-us-city-new_york-session-bbbbbbbbbb-sesstime-5',
      password: 'ip',
    });
  });

  it('tests the first line with what the contract accepts', () => {
    const first = lineCredentials(spec({ location: { country: 'de' }, stickyMinutes: 10 }), ids, 0);
    expect(first).toEqual({
      username: 'teamalpha2024-country-de-session-aaaaaaaaaa-sesstime-10',
      password: 'secret-pass',
    });
    expect(proxyTestBody.safeParse({ protocol: 'socks5', ...first }).success).toBe(true);
  });

  it('builds 1000 distinct sticky lines from fresh session ids', () => {
    const fresh = newSessionIds(MAX_PROXY_LINES);
    expect(fresh.every((id) => /^[a-z0-9]{10}$/.test(id))).toBe(true);
    const lines = proxyLines(spec({ stickyMinutes: 5, quantity: MAX_PROXY_LINES }), fresh);
    expect(new Set(lines).size).toBe(MAX_PROXY_LINES);
  });

  it('writes a ready-to-run curl, socks5h for SOCKS5', () => {
    const endpoint = { host: 'gw.example.com', port: 8000 };
    const credentials = { username: 'teamalpha2024-country-us', password: 'secret-pass' };
    expect(curlCommand('http', endpoint, credentials)).toBe(
      'curl -x http://teamalpha2024-country-us:secret-pass@gw.example.com:8000 https://ipinfo.io',
    );
    expect(curlCommand('socks5', { host: 'gw.example.com', port: 1080 }, credentials)).toBe(
      'curl -x socks5h://teamalpha2024-country-us:secret-pass@gw.example.com:1080 https://ipinfo.io',
    );
    expect(curlCommand('http', endpoint, undefined)).toBe(
      'curl -x http://gw.example.com:8000 https://ipinfo.io',
    );
  });

  it('writes the curl of a whitelisted list with the credentials its lines carry', () => {
    const rotating = spec({ auth: { kind: 'whitelist' } });
    expect(curlCommand('http', rotating.endpoint, lineCredentials(rotating, ids, 0))).toBe(
      'curl -x http://gw.example.com:8000 https://ipinfo.io',
    );
    const targeted = spec({ auth: { kind: 'whitelist' }, location: { country: 'de' } });
    expect(curlCommand('http', targeted.endpoint, lineCredentials(targeted, ids, 0))).toBe(
      'curl -x http://whitelist-country-de:ip@gw.example.com:8000 https://ipinfo.io',
    );
    const sticky = spec({
      auth: { kind: 'whitelist' },
      endpoint: { host: 'gw.example.com', port: 1080 },
      location: { country: 'us' },
      stickyMinutes: 10,
    });
    expect(curlCommand('socks5', sticky.endpoint, lineCredentials(sticky, ids, 0))).toBe(
      'curl -x socks5h://whitelist-country-us-session-aaaaaaaaaa-sesstime-10:ip@gw.example.com:1080 https://ipinfo.io',
    );
  });

  it('names the download after the brand, the country and the count', () => {
    expect(proxyListFileName('Resiport', 'us', 100)).toBe('resiport-proxies-us-100.txt');
    expect(proxyListFileName('Resiport', undefined, 1)).toBe('resiport-proxies-any-1.txt');
    expect(proxyListFileName('Acme Proxy Co.', 'de', 5)).toBe('acme-proxy-co-proxies-de-5.txt');
    expect(proxyListFileName('Прокси', undefined, 5)).toBe('proxies-proxies-any-5.txt');
  });
});

describe('session id randomness', () => {
  const fixed = (values: number[]) => {
    let calls = 0;
    return {
      getRandomValues<T extends Uint32Array>(array: T): T {
        calls++;
        array.set(values.slice(0, array.length));
        return array;
      },
      calls: () => calls,
    };
  };

  it('drops values from the partial top range, so no index is favoured', () => {
    // 2^32 % 36 = 4: the four largest values would favour 0–3.
    const source = fixed([2 ** 32 - 1, 2 ** 32 - 4, 2 ** 32 - 5, 37]);
    const random = cryptoRandomIndex(source);
    expect(random(36)).toBe((2 ** 32 - 5) % 36);
    expect(random(36)).toBe(1);
  });

  it('reads 256 values at a time', () => {
    const source = fixed(Array.from({ length: 256 }, (_, i) => i));
    const random = cryptoRandomIndex(source);
    for (let i = 0; i < 256; i++) random(36);
    expect(source.calls()).toBe(1);
  });

  it('draws from the browser CSPRNG by default', () => {
    const random = cryptoRandomIndex();
    const seen = new Set(Array.from({ length: 2000 }, () => random(36)));
    expect(seen.size).toBe(36);
    expect(new Set(newSessionIds(200)).size).toBe(200);
  });
});
