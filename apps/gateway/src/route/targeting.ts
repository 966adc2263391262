import type { Pool } from '@resiport/contract';
import type { Targeting } from '../auth/username';

/**
 * Targeting that contradicts the pool is a bad username, not a routing miss (docs/gateway.md "Targeting
 * rules"): a state or city the pool tags only under other countries (`-country-gb-state-ny` when
 * `ny` is tagged under `us`), or a city the pool tags in the country only under other states. A
 * place the pool does not tag at all is not a contradiction — no exit serves it (`no_exit`), or a
 * `forward_targeting` upstream decides. Grammar-level rules (an ISO country, state and city only
 * with a country) are the username parser's.
 */
export class TargetingRules {
  /** state → the countries it is tagged under. */
  private readonly stateCountries = new Map<string, Set<string>>();
  /** `country:city` → the states it is tagged under (undefined: tagged without a state somewhere). */
  private readonly cityStates = new Map<string, Set<string | undefined>>();
  /** city → the countries it is tagged under. */
  private readonly cityCountries = new Map<string, Set<string>>();

  constructor(pool: Pool) {
    const add = <K, V>(map: Map<K, Set<V>>, key: K, value: V) =>
      map.set(key, (map.get(key) ?? new Set<V>()).add(value));
    for (const exit of pool.exits) {
      if (exit.country === undefined) continue;
      if (exit.state !== undefined) add(this.stateCountries, exit.state, exit.country);
      if (exit.city !== undefined) {
        add(this.cityCountries, exit.city, exit.country);
        add(this.cityStates, `${exit.country}:${exit.city}`, exit.state);
      }
    }
  }

  /** Why this targeting contradicts the pool, or undefined when it does not. */
  problem(target: Targeting): string | undefined {
    const { country, state, city } = target;
    if (country === undefined) return undefined;
    const stateIn = state === undefined ? undefined : this.stateCountries.get(state);
    if (stateIn !== undefined && !stateIn.has(country)) return `state ${state} is not in ${country}`;
    const cityIn = city === undefined ? undefined : this.cityCountries.get(city);
    if (cityIn !== undefined && !cityIn.has(country)) return `city ${city} is not in ${country}`;
    const states = this.cityStates.get(`${country}:${city}`);
    if (state !== undefined && states !== undefined && !states.has(undefined) && !states.has(state)) {
      return `city ${city} is not in state ${state}`;
    }
    return undefined;
  }
}
