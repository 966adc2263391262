import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAccount } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { loadConfig } from '../../config';
import { dynamicEndpoints, type Endpoint, type EndpointInput, whitelistEndpoints } from '@resiport/contract';
import { successData } from '@resiport/testkit';

const poolFile = path.join(mkdtempSync(path.join(tmpdir(), 'pool-')), 'pool.json');
writeFileSync(
  poolFile,
  JSON.stringify({
    exits: [
      {
        id: 'us-ny',
        type: 'http',
        host: '127.0.0.1',
        port: 3128,
        country: 'us',
        state: 'new_york',
        city: 'new_york',
        city_ru: 'Нью-Йорк',
      },
      {
        id: 'us-la',
        type: 'socks5',
        host: '127.0.0.1',
        port: 1081,
        country: 'us',
        state: 'california',
        city: 'los_angeles',
      },
      { id: 'de', type: 'http', host: '127.0.0.1', port: 3129, country: 'de' },
      // Untagged and not forwarding targeting: carries lines without a location, adds no country.
      { id: 'local', type: 'direct' },
    ],
  }),
);

/** A provider that takes the targeting grammar (any country), a tagged city of it, and a local exit. */
const providerPoolFile = path.join(path.dirname(poolFile), 'provider-pool.json');
writeFileSync(
  providerPoolFile,
  JSON.stringify({
    exits: [
      { id: 'provider', type: 'http', host: '127.0.0.1', port: 7777, forward_targeting: true },
      { id: 'de-berlin', type: 'socks5', host: '127.0.0.1', port: 1081, country: 'de', city: 'berlin' },
      { id: 'local', type: 'direct' },
    ],
  }),
);

describe('dynamic proxies: gateways, stock, cities, whitelisted IPs', () => {
  let t: TestApp;
  let tagged: TestApp;
  let withProvider: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    tagged = await createTestApp({
      GATEWAY_POOL_FILE: poolFile,
      GATEWAY_PUBLIC_HOST: 'gw.example.test',
      GATEWAY_HTTP_PORT: '9000',
    });
    withProvider = await createTestApp({ GATEWAY_POOL_FILE: providerPoolFile });
  });
  afterAll(async () => {
    await t.close();
    await tagged.close();
    await withProvider.close();
  });

  const get = async <E extends Endpoint>(app: TestApp, endpoint: E, input: EndpointInput<E>) => {
    const { token } = await signedInAccount(app);
    return app.send(endpoint, input, { token });
  };

  it('lists the gateway customers connect to', async () => {
    expect((await get(tagged, dynamicEndpoints.gateways, {})).data).toEqual({
      list: [
        {
          hostname: 'gw.example.test',
          http_port: 9000,
          socks_port: 1080,
          protocols: ['http', 'socks5'],
          region: 'global',
        },
      ],
    });
    const byDefault = successData(await get(t, dynamicEndpoints.gateways, {}));
    expect(byDefault.list[0]?.hostname).toBe(new URL(t.config.publicUrl).hostname);
  });

  it('offers no location with the default pool: its untagged direct exit serves only lines without one', async () => {
    expect((await get(t, dynamicEndpoints.stock, {})).data).toEqual({
      countries: [],
      any_country: false,
    });
    for (const country of ['us', 'de']) {
      expect((await get(t, dynamicEndpoints.citys, { country })).data).toEqual({
        country,
        states: [],
        cities: [],
      });
    }
  });

  it('offers every country, named in English and Russian, when a forward_targeting exit serves any country', async () => {
    const stock = successData(await get(withProvider, dynamicEndpoints.stock, {}));
    expect(stock.any_country).toBe(true);
    expect(stock.countries.length).toBeGreaterThan(240);
    expect(stock.countries.find((c) => c.code === 'us')?.name).toEqual({
      en: 'United States',
      ru: 'Соединенные Штаты',
    });
    expect(stock.countries.find((c) => c.code === 'de')?.name.ru).toBe('Германия');
    // Cities only where an exit tags them: the provider could serve others, but we cannot know which.
    expect((await get(withProvider, dynamicEndpoints.citys, { country: 'de' })).data).toEqual({
      country: 'de',
      states: [],
      cities: [{ code: 'berlin', state: null, name: { en: 'Berlin', ru: 'Berlin' } }],
    });
    expect((await get(withProvider, dynamicEndpoints.citys, { country: 'fr' })).data).toEqual({
      country: 'fr',
      states: [],
      cities: [],
    });
  });

  it('offers only the tagged countries, states and cities of a tagged pool', async () => {
    const stock = successData(await get(tagged, dynamicEndpoints.stock, {}));
    expect(stock).toMatchObject({ any_country: false });
    expect(stock.countries.map((c) => c.code)).toEqual(['de', 'us']);
    const us = await get(tagged, dynamicEndpoints.citys, { country: 'US' });
    expect(us.data).toEqual({
      country: 'us',
      states: [
        { code: 'california', name: { en: 'California', ru: 'California' } },
        { code: 'new_york', name: { en: 'New York', ru: 'New York' } },
      ],
      cities: [
        { code: 'los_angeles', state: 'california', name: { en: 'Los Angeles', ru: 'Los Angeles' } },
        { code: 'new_york', state: 'new_york', name: { en: 'New York', ru: 'Нью-Йорк' } },
      ],
    });
    expect((await get(tagged, dynamicEndpoints.citys, { country: 'fr' })).data).toEqual({
      country: 'fr',
      states: [],
      cities: [],
    });
    for (const bad of ['', 'usa', 'u1', '%00%00']) {
      expect((await get(tagged, dynamicEndpoints.citys, { country: bad })).code).toBe(10001);
    }
  });

  it("lists the account's own whitelisted IPs only", async () => {
    const a = await signedInAccount(t);
    const b = await signedInAccount(t);
    await t.send(whitelistEndpoints.add, { ip: '198.51.100.41' }, { token: a.token });
    await t.send(whitelistEndpoints.add, { ip: '198.51.100.42' }, { token: b.token });
    const list = await t.send(dynamicEndpoints.whitelist, {}, { token: a.token });
    expect(list.data).toEqual({ list: ['198.51.100.41'] });
    expect((await t.send(dynamicEndpoints.whitelist, {})).code).toBe(10013);
  });

  it('refuses to start with a bad pool file, saying why', () => {
    const bad = path.join(path.dirname(poolFile), 'bad.json');
    writeFileSync(bad, JSON.stringify({ exits: [{ id: 'x', type: 'http', country: 'usa' }] }));
    expect(() => loadConfig({ GATEWAY_POOL_FILE: bad })).toThrow(/GATEWAY_POOL_FILE exits\.0/);
    expect(() => loadConfig({ GATEWAY_POOL_FILE: '/no/such/file.json' })).toThrow(/cannot read/);
  });
});
