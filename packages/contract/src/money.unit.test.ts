import { describe, expect, it } from 'vitest';
import { centsToUsd, cryptoFeeCents, parseUsdToCents, usdAmountSchema } from './money';

describe('money conversions', () => {
  it.each([
    ['20', 2000],
    ['20.5', 2050],
    ['25.75', 2575],
    [' 19.99 ', 1999],
    ['0', 0],
  ])('parses %s as %i cents', (text, cents) => expect(parseUsdToCents(text)).toBe(cents));

  it.each(['abc', '-5', '1e9', '20.001', '20.', '.5', '', '1,5', '0x10', '9999999999'])(
    'refuses %j',
    (text) => expect(parseUsdToCents(text)).toBeUndefined(),
  );

  it('the 3% fee rounds half up to the cent and never loses a cent', () => {
    expect(cryptoFeeCents(2000)).toBe(60);
    expect(cryptoFeeCents(2550)).toBe(77); // 76.5 → 77
    expect(cryptoFeeCents(1)).toBe(0);
    for (let cents = 2000; cents < 2400; cents++) {
      const fee = cryptoFeeCents(cents);
      expect(Math.abs(fee * 100 - cents * 3)).toBeLessThanOrEqual(50);
    }
  });

  it('formats cents without floats', () => {
    expect(centsToUsd(2575)).toBe('25.75');
    expect(centsToUsd(5)).toBe('0.05');
    expect(centsToUsd(-120)).toBe('-1.20');
  });

  it('the form schema yields cents or the amount message key', () => {
    expect(usdAmountSchema.parse('25.5')).toBe(2550);
    expect(usdAmountSchema.safeParse('abc').error?.issues[0]?.message).toBe('validation.amount');
  });
});
