import { COUNTRY_CODES, placeLabel, type Pool } from '@resiport/contract';

/** Where the exit pool can put a customer, with names in English and Russian (pure; no I/O). */

const regionNames = {
  en: new Intl.DisplayNames(['en'], { type: 'region' }),
  ru: new Intl.DisplayNames(['ru'], { type: 'region' }),
};

export function countryName(code: string) {
  const upper = code.toUpperCase();
  return { en: regionNames.en.of(upper) ?? upper, ru: regionNames.ru.of(upper) ?? upper };
}

export function countriesOf(pool: Pool) {
  const anyCountry = pool.exits.some((exit) => exit.country === undefined);
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
