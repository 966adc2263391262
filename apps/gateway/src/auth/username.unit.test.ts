import { describe, expect, it } from 'vitest';
import { parseUsername } from './username';

const ok = (text: string) => {
  const result = parseUsername(text);
  if (!result.ok) throw new Error(`${text}: ${result.error}`);
  return result.value;
};
const error = (text: string) => {
  const result = parseUsername(text);
  return result.ok ? undefined : result.error;
};

describe('proxy username', () => {
  it('is a bare sub-account name (lower-cased: names are stored lower case)', () => {
    expect(ok('AliceProxy123')).toEqual({ subuser: 'aliceproxy123', target: {} });
  });

  it('carries country, state and city (values case-insensitive, _ for spaces)', () => {
    expect(ok('alice-country-US-state-new_york-city-New_York')).toEqual({
      subuser: 'alice',
      target: { country: 'us', state: 'new_york', city: 'new_york' },
    });
    expect(ok('alice-country-de-city-berlin')).toEqual({
      subuser: 'alice',
      target: { country: 'de', city: 'berlin' },
    });
    expect(ok('alice-country-GB').target).toEqual({ country: 'gb' });
  });

  it('makes a session sticky for 30 minutes unless sesstime says otherwise', () => {
    expect(ok('alice-session-AbC123')).toEqual({
      subuser: 'alice',
      target: {},
      session: { id: 'AbC123', minutes: 30 },
    });
    expect(ok('alice-country-de-session-x1-sesstime-1').session).toEqual({ id: 'x1', minutes: 1 });
    expect(ok('alice-session-x1-sesstime-120').session).toEqual({ id: 'x1', minutes: 120 });
  });

  it('accepts the options in any order', () => {
    expect(ok('alice-session-s1-city-paris-country-fr')).toEqual(
      ok('alice-country-fr-city-paris-session-s1'),
    );
  });

  it('accepts the longest valid username (128 characters) and refuses 129', () => {
    const base = `a${'b'.repeat(20)}-session-${'s'.repeat(32)}-sesstime-120-country-us-city-`;
    const exact = base + 'c'.repeat(128 - base.length);
    expect(exact.length).toBe(128);
    expect(ok(exact).target.city).toHaveLength(128 - base.length);
    expect(error(`${exact}c`)).toMatch(/128/);
  });

  it.each([
    ['', /empty/],
    ['-country-us', /letters and digits/],
    ['al ice', /letters and digits/],
    ['alice_x', /letters and digits/],
    ['алиса', /letters and digits/],
    ['alice-', /value/],
    ['alice-country', /value/],
    ['alice-country-', /no value/],
    ['alice--us', /unknown option ""/],
    ['alice-Country-us', /unknown option "Country"/],
    ['alice-cc-us', /unknown option "cc"/],
    ['alice-zone-residential', /unknown option/],
    ['alice-country-usa', /two-letter/],
    ['alice-country-u1', /two-letter/],
    ['alice-country-us-country-de', /twice/],
    ['alice-country-xx', /ISO 3166-1/],
    ['alice-country-uk', /ISO 3166-1/],
    ['alice-country-EU', /ISO 3166-1/],
    ['alice-city-berlin', /need a country/],
    ['alice-state-ny', /need a country/],
    ['alice-state-ny-city-new_york-session-s1', /need a country/],
    ['alice-city-new york', /letters, digits and _/],
    ['alice-city-new.york', /letters, digits and _/],
    ['alice-state-' + 'x'.repeat(65), /letters, digits and _/],
    ['alice-sesstime-10', /needs a session/],
    ['alice-session-abc_def', /session must/],
    ['alice-session-' + 's'.repeat(33), /session must/],
    ['alice-session-a-sesstime-0', /whole number/],
    ['alice-session-a-sesstime-010', /whole number/],
    ['alice-session-a-sesstime-121', /1–120/],
    ['alice-session-a-sesstime-999', /1–120/],
    ['alice-session-a-sesstime-1.5', /whole number/],
    ['alice-session-a-sesstime--1', /value/],
    ['alice-session-a-sesstime-1e2', /whole number/],
  ])('refuses %j', (text, message) => {
    expect(error(text)).toMatch(message);
  });
});
