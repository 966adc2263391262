import type { dynamicEndpoints, EndpointData } from '@resiport/contract';

/** Countries, states and cities as the pool offers them, named in the UI language. */

export type Stock = EndpointData<typeof dynamicEndpoints.stock>;
export type Places = EndpointData<typeof dynamicEndpoints.citys>;
type Names = Stock['countries'][number]['name'];

export interface PlaceOption {
  value: string;
  label: string;
}

/** The name in the UI language (the server gives English and Russian). */
export function placeName(names: Names, locale: string): string {
  return locale.toLowerCase().startsWith('ru') ? names.ru : names.en;
}

const byLabel = (locale: string) => (a: PlaceOption, b: PlaceOption) =>
  a.label.localeCompare(b.label, locale);

/** The pool's countries, alphabetical in the UI language. */
export function countryOptions(stock: Stock, locale: string): PlaceOption[] {
  return stock.countries
    .map(({ code, name }) => ({ value: code, label: placeName(name, locale) }))
    .sort(byLabel(locale));
}

export function stateOptions(places: Places, locale: string): PlaceOption[] {
  return places.states
    .map(({ code, name }) => ({ value: code, label: placeName(name, locale) }))
    .sort(byLabel(locale));
}

/** The cities of the chosen state (every city of the country when none is chosen). */
export function cityOptions(places: Places, state: string | undefined, locale: string): PlaceOption[] {
  return places.cities
    .filter((city) => state === undefined || city.state === state)
    .map(({ code, name }) => ({ value: code, label: placeName(name, locale) }))
    .sort(byLabel(locale));
}

/** Searching a country by its name or its code (`de`, `Germ`, `Герм`). */
export function matchesPlace(input: string, option: PlaceOption | undefined): boolean {
  if (option === undefined) return false;
  const query = input.trim().toLowerCase();
  return option.label.toLowerCase().includes(query) || option.value.toLowerCase() === query;
}

/**
 * Whether lines can target a place at all. The gateway honours a location or refuses it; a pool
 * whose exits are untagged (the default `direct` one) lists no country and refuses every location,
 * so the generator then offers none (and says so) instead of pickers whose lines would fail.
 */
export function offersLocations(stock: Stock): boolean {
  return stock.countries.length > 0;
}

/** The chosen country if the pool still offers it (an old bookmark's country reads as any). */
export function offeredCountry(stock: Stock | undefined, country: string | undefined): string | undefined {
  if (stock === undefined || country === undefined) return country;
  return stock.countries.some((entry) => entry.code === country) ? country : undefined;
}

/**
 * The state and city still on offer: a code the pool no longer lists for this country (an old
 * bookmark) is dropped rather than printed into lines the gateway would refuse with `no_exit`;
 * without a country there is neither (the gateway refuses a state or city without one).
 * `places` is undefined while the country's places load: what was chosen is kept meanwhile.
 */
export function offeredPlace(
  country: string | undefined,
  places: Places | undefined,
  state: string | undefined,
  city: string | undefined,
): { state: string | undefined; city: string | undefined } {
  if (country === undefined) return { state: undefined, city: undefined };
  if (places === undefined) return { state, city };
  const knownState = places.states.some((entry) => entry.code === state) ? state : undefined;
  const knownCity = places.cities.find(
    (entry) => entry.code === city && (knownState === undefined || entry.state === knownState),
  );
  return { state: knownState, city: knownCity?.code };
}
