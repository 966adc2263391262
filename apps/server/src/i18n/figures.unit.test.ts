import { describe, expect, it } from 'vitest';
import { formatTraffic, formatUsd, formatUtc } from './figures';

describe('figures in a language', () => {
  it('writes money from cents in the language’s style, never through a float’s tail', () => {
    expect(formatUsd(2000, 'en-us')).toBe('$20.00');
    expect(formatUsd(2575, 'ru').replace(/\s/g, ' ')).toBe('25,75 $');
    expect(formatUsd(1, 'en-us')).toBe('$0.01');
  });

  it('writes traffic as the portal does: GB from 1 GB, MB below, two decimals, the language’s mark and unit', () => {
    expect(formatTraffic(10_000_000_000, 'en-us')).toBe('10.00 GB');
    expect(formatTraffic(1_234_567_891, 'ru')).toBe('1,23 ГБ');
    // The alert mail's "0.170000874 GB of 0.2 GB" reads as the portal reads it.
    expect(formatTraffic(170_000_874, 'en-us')).toBe('170.00 MB');
    expect(formatTraffic(200_000_000, 'ru')).toBe('200,00 МБ');
    expect(formatTraffic(3_000, 'en-us')).toBe('< 0.01 MB');
  });

  it('writes moments in UTC, labelled, whatever the machine’s zone', () => {
    expect(formatUtc('2026-11-25T23:59:59.999+03:00')).toBe('2026-11-25 20:59 UTC');
  });
});
