import { describe, expect, it } from 'vitest';
import { formatGb, formatTraffic, formatUsd, formatUtc } from './figures';

describe('figures in a language', () => {
  it('writes money from cents in the language’s style, never through a float’s tail', () => {
    expect(formatUsd(2000, 'en-us')).toBe('$20.00');
    expect(formatUsd(2575, 'ru').replace(/\s/g, ' ')).toBe('25,75 $');
    expect(formatUsd(1, 'en-us')).toBe('$0.01');
  });

  it('writes traffic as the exact GB decimal with the language’s mark and unit', () => {
    expect(formatGb(500_000_000, 'en-us')).toBe('0.5');
    expect(formatGb(1_234_567_891, 'ru')).toBe('1,234567891');
    expect(formatTraffic(600_000_000, 'en-us')).toBe('0.6 GB');
    expect(formatTraffic(600_000_000, 'ru')).toBe('0,6 ГБ');
  });

  it('writes moments in UTC, labelled, whatever the machine’s zone', () => {
    expect(formatUtc('2026-11-25T23:59:59.999+03:00')).toBe('2026-11-25 20:59 UTC');
  });
});
