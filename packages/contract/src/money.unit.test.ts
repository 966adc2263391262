import { describe, expect, it } from 'vitest';
import {
  amountBeforeFee,
  bytesToGbText,
  centsToUsd,
  cryptoFeeCents,
  parseGbToBytes,
  parseUsdToCents,
  usdAmountSchema,
} from './money';

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

describe('traffic conversions (1 GB = 10^9 bytes)', () => {
  it.each([
    ['1', 1_000_000_000],
    ['0.5', 500_000_000],
    ['0.000000001', 1],
    [' 2.25 ', 2_250_000_000],
    ['10000000', 10_000_000 * 1_000_000_000],
  ])('parses %j GB as %i bytes', (text, bytes) => expect(parseGbToBytes(text)).toBe(bytes));

  it.each(['-1', '1e3', '0.0000000001', 'abc', '10000001', '', '.5', '1.', '0x10', '1,5'])(
    'refuses %j',
    (text) => expect(parseGbToBytes(text)).toBeUndefined(),
  );

  it('prints bytes as exact GB and round-trips', () => {
    expect(bytesToGbText(1_500_000_000)).toBe('1.5');
    expect(bytesToGbText(1)).toBe('0.000000001');
    expect(bytesToGbText(0n)).toBe('0');
    expect(bytesToGbText(-2_000_000_000n)).toBe('-2');
    for (const bytes of [0, 1, 999_999_999, 1_000_000_001, 123_456_789_012]) {
      expect(parseGbToBytes(bytesToGbText(bytes))).toBe(bytes);
    }
  });
});

describe('amountBeforeFee', () => {
  it('undoes the crypto fee: amount + fee = invoice', () => {
    expect(amountBeforeFee(2060)).toBe(2000);
    expect(amountBeforeFee(464)).toBe(450);
    for (const amount of [1, 17, 2000, 3333, 99_999, 10_000_000]) {
      expect(amountBeforeFee(amount + cryptoFeeCents(amount))).toBe(amount);
    }
    expect(amountBeforeFee(0)).toBe(0);
  });
});
