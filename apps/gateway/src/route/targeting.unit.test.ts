import type { Exit } from '@resiport/contract';
import { describe, expect, it } from 'vitest';
import { TargetingRules } from './targeting';

const exit = (id: string, tags: Partial<Exit> = {}): Exit => ({ id, type: 'direct', weight: 1, ...tags });
const rules = new TargetingRules({
  exits: [
    exit('us-ny', { country: 'us', state: 'ny', city: 'new_york' }),
    exit('us-ca', { country: 'us', state: 'ca', city: 'los_angeles' }),
    exit('de-berlin', { country: 'de', city: 'berlin' }),
    exit('ca-london', { country: 'ca', state: 'on', city: 'london' }),
    exit('gb-london', { country: 'gb', city: 'london' }),
    exit('untagged-city', { city: 'paris' }),
    exit('anywhere'),
  ],
});

describe('targeting rules (what contradicts the pool)', () => {
  it('accepts what the pool tags, and places it does not tag at all', () => {
    for (const target of [
      {},
      { country: 'us' },
      { country: 'us', state: 'ny' },
      { country: 'us', state: 'ny', city: 'new_york' },
      { country: 'us', city: 'los_angeles' },
      { country: 'de', city: 'berlin' },
      { country: 'fr', city: 'lyon' }, // untagged: no_exit or the upstream's call, not a contradiction
      { country: 'fr', city: 'paris' }, // paris is tagged without a country: no claim about where it is
      { country: 'gb', city: 'london' },
      { country: 'ca', state: 'on', city: 'london' },
      { country: 'gb', state: 'england', city: 'london' }, // london in gb has no state tag
    ]) {
      expect([target, rules.problem(target)]).toEqual([target, undefined]);
    }
  });

  it('refuses a state or city tagged only under another country', () => {
    expect(rules.problem({ country: 'gb', state: 'ny' })).toMatch(/state ny is not in gb/);
    expect(rules.problem({ country: 'fr', city: 'berlin' })).toMatch(/city berlin is not in fr/);
    expect(rules.problem({ country: 'de', city: 'london' })).toMatch(/city london is not in de/);
  });

  it('refuses a city tagged under another state than the requested one', () => {
    expect(rules.problem({ country: 'us', state: 'ca', city: 'new_york' })).toMatch(/not in state ca/);
    expect(rules.problem({ country: 'ca', state: 'bc', city: 'london' })).toMatch(/not in state bc/);
  });
});
