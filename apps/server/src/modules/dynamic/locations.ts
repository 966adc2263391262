import { COUNTRY_CODES, placeLabel, type Pool } from '@resiport/contract';

/**
 * Where the exit pool can put a customer, with names in English and Russian (pure; no I/O). Only
 * places the gateway would serve are listed (a requested location is honoured or refused,
 * docs/architecture.md#gateway-principles; the matching rule is the gateway's `route/pool.ts`): a country is offered when an exit is
 * tagged with it, and every country when a `forward_targeting` exit without a country tag exists
 * (its upstream picks the place). An untagged exit of any other kind — the default pool's `direct`
 * one — serves only lines without a location and adds none. States and cities are offered only where
 * an exit tags them, even when a `forward_targeting` upstream could serve others: we cannot know
 * which places it has.
 */

const regionNames = {
  en: new Intl.DisplayNames(['en'], { type: 'region' }),
  ru: new Intl.DisplayNames(['ru'], { type: 'region' }),
};

export function countryName(code: string) {
  const upper = code.toUpperCase();
  return { en: regionNames.en.of(upper) ?? upper, ru: regionNames.ru.of(upper) ?? upper };
}

export function countriesOf(pool: Pool) {
  const anyCountry = pool.exits.some((exit) => exit.forward_targeting === true && exit.country === undefined);
  const codes = anyCountry ? COUNTRY_CODES : [...new Set(pool.exits.flatMap((exit) => exit.country ?? []))];
  return {
    countries: [...codes].sort().map((code) => ({ code, name: countryName(code) })),
    any_country: anyCountry,
  };
}

/** States and cities the pool tags in one country (exits serving any city add none). */
export function placesOf(pool: Pool, country: string) {
  const exits = pool.exits.filter((exit) => exit.country === country);
  const states = new Map<string, string | undefined>();
  const cities = new Map<string, { state: string | null; ru: string | undefined }>();
  for (const exit of exits) {
    if (exit.state) states.set(exit.state, exit.state_ru ?? states.get(exit.state));
    if (exit.city) cities.set(exit.city, { state: exit.state ?? null, ru: exit.city_ru });
  }
  const named = (code: string, ru: string | undefined) => ({
    en: placeLabel(code),
    ru: ru ?? placeLabel(code),
  });
  return {
    country,
    states: [...states]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([code, ru]) => ({ code, name: named(code, ru) })),
    cities: [...cities]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([code, { state, ru }]) => ({ code, state, name: named(code, ru) })),
  };
}
