import type { SubAccount } from '@resiport/contract';
import { describe, expect, it } from 'vitest';
import { chooseAuth, defaultSubAccount, generatorNotices } from './credentials-choice';
import { WHITELIST_AUTH } from './generator-settings';
import { hasCredentials } from './proxy-list';
import {
  cityOptions,
  countryOptions,
  matchesPlace,
  offeredCountry,
  offeredPlace,
  offersLocations,
  stateOptions,
  type Places,
} from './locations';
import { aSub } from '../../test/fixtures';
import { countryNameOf, testFailureOf, testFailures, testFailureText } from './test-result';

const GB = 1_000_000_000;

const sub = (overrides: Partial<SubAccount> = {}): SubAccount =>
  aSub({
    id: 1,
    username: 'teamalpha2024',
    password: 'Qw3rTy9uIo0pAs1d',
    remark: '',
    allocated_bytes: GB,
    traffic_left_bytes: GB,
    traffic_used_bytes: 0,
    status: 'active',
    created_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  });

describe('test results', () => {
  it('groups the gateway reasons into what the user can act on', () => {
    expect(testFailureOf('no_traffic')).toBe('no_traffic');
    for (const reason of ['auth', 'auth_required', 'auth_failed', 'bad_username']) {
      expect(testFailureOf(reason)).toBe('auth');
    }
    expect(testFailureOf('disabled')).toBe('disabled');
    expect(testFailureOf('no_exit')).toBe('no_exit');
    expect(testFailureOf('destination_refused')).toBe('destination_refused');
    for (const reason of ['unreachable', 'timeout', 'connection_refused', 'exit_failed']) {
      expect(testFailureOf(reason)).toBe('unreachable');
    }
    for (const reason of [
      'throttled',
      'server_unavailable',
      'something_new',
      'toString',
      '',
      null,
      undefined,
    ]) {
      expect(testFailureOf(reason)).toBe('other');
    }
  });

  it('has a text for every failure', () => {
    expect(Object.keys(testFailureText).sort()).toEqual([...testFailures].sort());
  });

  it('names the exit country in the UI language', () => {
    expect(countryNameOf('us', 'en-US')).toBe('United States');
    expect(countryNameOf('DE', 'ru-RU')).toBe('Германия');
    expect(countryNameOf('xx', 'en-US')).toBe('XX');
  });
});

describe('locations', () => {
  const stock = {
    any_country: false,
    countries: [
      { code: 'de', name: { en: 'Germany', ru: 'Германия' } },
      { code: 'us', name: { en: 'United States', ru: 'США' } },
      { code: 'at', name: { en: 'Austria', ru: 'Австрия' } },
    ],
  };
  const places: Places = {
    country: 'us',
    states: [
      { code: 'texas', name: { en: 'Texas', ru: 'Техас' } },
      { code: 'new_york', name: { en: 'New York', ru: 'Нью-Йорк' } },
    ],
    cities: [
      { code: 'austin', state: 'texas', name: { en: 'Austin', ru: 'Остин' } },
      { code: 'buffalo', state: 'new_york', name: { en: 'Buffalo', ru: 'Буффало' } },
      { code: 'dallas', state: 'texas', name: { en: 'Dallas', ru: 'Даллас' } },
    ],
  };

  it('names and sorts countries in the UI language', () => {
    expect(countryOptions(stock, 'en-US').map((option) => option.label)).toEqual([
      'Austria',
      'Germany',
      'United States',
    ]);
    expect(countryOptions(stock, 'ru-RU').map((option) => option.label)).toEqual([
      'Австрия',
      'Германия',
      'США',
    ]);
  });

  it('finds a country by name or code', () => {
    const us = { value: 'us', label: 'United States' };
    expect(matchesPlace('unit', us)).toBe(true);
    expect(matchesPlace('US', us)).toBe(true);
    expect(matchesPlace('u', { value: 'de', label: 'Germany' })).toBe(false);
    expect(matchesPlace('x', undefined)).toBe(false);
  });

  it('offers the cities of the chosen state', () => {
    expect(stateOptions(places, 'en-US').map((option) => option.value)).toEqual(['new_york', 'texas']);
    expect(cityOptions(places, 'texas', 'en-US').map((option) => option.value)).toEqual(['austin', 'dallas']);
    expect(cityOptions(places, undefined, 'ru-RU').map((option) => option.label)).toEqual([
      'Буффало',
      'Даллас',
      'Остин',
    ]);
  });

  it('drops a state or city the pool no longer lists, and both without a country', () => {
    expect(offeredPlace('us', places, 'texas', 'austin')).toEqual({ state: 'texas', city: 'austin' });
    expect(offeredPlace('us', places, 'ohio', 'austin')).toEqual({ state: undefined, city: 'austin' });
    expect(offeredPlace('us', places, 'new_york', 'austin')).toEqual({ state: 'new_york', city: undefined });
    // Still loading the country's places: kept meanwhile.
    expect(offeredPlace('us', undefined, 'ohio', 'x')).toEqual({ state: 'ohio', city: 'x' });
    // The gateway refuses a state or city without a country (bad_username): never printed.
    expect(offeredPlace(undefined, undefined, 'texas', 'austin')).toEqual({
      state: undefined,
      city: undefined,
    });
    expect(offeredPlace(undefined, places, 'texas', 'austin')).toEqual({ state: undefined, city: undefined });
  });

  it('offers no location at all when the pool lists no country (the default pool)', () => {
    const none = { any_country: false, countries: [] };
    expect(offersLocations(stock)).toBe(true);
    expect(offersLocations(none)).toBe(false);
    // A bookmarked country the pool does not serve reads as any: no `-country-` the gateway would refuse.
    expect(offeredCountry(none, 'us')).toBeUndefined();
    expect(offeredCountry(stock, 'fr')).toBeUndefined();
    expect(offeredCountry(stock, 'de')).toBe('de');
    expect(offeredCountry(stock, undefined)).toBeUndefined();
    expect(offeredCountry(undefined, 'de')).toBe('de'); // stock still loading
  });
});

describe('credentials and what would stop them', () => {
  const empty = sub({ id: 2, username: 'emptyaccount01', traffic_left_bytes: 0 });
  const off = sub({ id: 3, username: 'disabledacct01', status: 'disabled' });
  const ready = sub({ id: 4, username: 'readyaccount01' });

  it('defaults to the first sub-account that can connect, else the first', () => {
    expect(defaultSubAccount([empty, off, ready])).toBe(ready);
    expect(defaultSubAccount([empty, off])).toBe(empty);
    expect(defaultSubAccount([])).toBeUndefined();
  });

  it('follows the auth setting, then the default, then the whitelist', () => {
    const subs = [empty, ready];
    expect(chooseAuth({ auth: WHITELIST_AUTH, named: undefined, subs, whitelistCount: 0 })).toEqual({
      kind: 'whitelist',
    });
    expect(chooseAuth({ auth: 'emptyaccount01', named: empty, subs, whitelistCount: 0 })).toEqual({
      kind: 'sub',
      sub: empty,
    });
    expect(chooseAuth({ auth: 'deletedaccount', named: undefined, subs, whitelistCount: 0 })).toEqual({
      kind: 'sub',
      sub: ready,
    });
    expect(chooseAuth({ auth: undefined, named: undefined, subs: [], whitelistCount: 2 })).toEqual({
      kind: 'whitelist',
    });
    expect(chooseAuth({ auth: undefined, named: undefined, subs: [], whitelistCount: 0 })).toEqual({
      kind: 'none',
    });
  });

  it('warns about the traffic the lines will actually spend', () => {
    expect(generatorNotices({ kind: 'sub', sub: ready }, 0, 0)).toEqual([]);
    expect(generatorNotices({ kind: 'sub', sub: empty }, GB, 0)).toEqual(['allocate']);
    expect(generatorNotices({ kind: 'sub', sub: empty }, 0, 0)).toEqual(['buyTraffic']);
    expect(generatorNotices({ kind: 'sub', sub: off }, 0, 0)).toEqual(['subDisabled']);
    expect(generatorNotices({ kind: 'whitelist' }, GB, 1)).toEqual([]);
    expect(generatorNotices({ kind: 'whitelist' }, 0, 0)).toEqual(['noWhitelist', 'buyTraffic']);
    expect(generatorNotices({ kind: 'none' }, 0, 0)).toEqual([]);
  });

  it('gives whitelisted lines credentials (and so a format) only when they target or stick', () => {
    const whitelist = { kind: 'whitelist' } as const;
    const subAuth = { kind: 'sub', username: 'teamalpha2024', password: 'secret-pass' } as const;
    expect(hasCredentials({ auth: whitelist, location: {}, stickyMinutes: undefined })).toBe(false);
    expect(
      hasCredentials({ auth: whitelist, location: { country: undefined }, stickyMinutes: undefined }),
    ).toBe(false);
    expect(hasCredentials({ auth: whitelist, location: { country: 'de' }, stickyMinutes: undefined })).toBe(
      true,
    );
    expect(hasCredentials({ auth: whitelist, location: {}, stickyMinutes: 30 })).toBe(true);
    expect(hasCredentials({ auth: subAuth, location: {}, stickyMinutes: undefined })).toBe(true);
  });
});
