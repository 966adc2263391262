import { describe, expect, it } from 'vitest';
import {
  centsToDecimal,
  decimalToCents,
  decimalToCentsDown,
  overpaidShareCents,
  tryDecimalToCents,
} from './money';

describe('decimalToCents', () => {
  it('converts exactly, without floating point', () => {
    expect(decimalToCents('15.00')).toBe(1500n);
    expect(decimalToCents('25.75')).toBe(2575n);
    expect(decimalToCents('0.1')).toBe(10n);
    expect(decimalToCents('7')).toBe(700n);
    expect(decimalToCents('0.29')).toBe(29n); // 0.29 * 100 = 28.999… in floats
    expect(decimalToCents('90071992547409.93')).toBe(9007199254740993n); // beyond 2^53
    expect(decimalToCents('15.000')).toBe(1500n); // zero padding is still exact
  });

  it('refuses anything that is not an exact cents amount', () => {
    for (const text of [
      '1.005',
      '15.431',
      '',
      ' 1.00',
      '1.00 ',
      '-1.00',
      '+1',
      '1e3',
      '1,50',
      '.5',
      '5.',
      'NaN',
      '0x10',
    ]) {
      expect(() => decimalToCents(text), text).toThrow(RangeError);
      expect(tryDecimalToCents(text)).toBeUndefined();
    }
  });
});

describe('centsToDecimal', () => {
  it('prints two decimals', () => {
    expect(centsToDecimal(2575n)).toBe('25.75');
    expect(centsToDecimal(2000)).toBe('20.00');
    expect(centsToDecimal(5)).toBe('0.05');
    expect(centsToDecimal(0n)).toBe('0.00');
    expect(centsToDecimal(9007199254740993n)).toBe('90071992547409.93');
  });

  it('refuses negative and fractional cents', () => {
    expect(() => centsToDecimal(-1n)).toThrow(RangeError);
    expect(() => centsToDecimal(10.5)).toThrow(RangeError);
    expect(() => centsToDecimal(Number.NaN)).toThrow(RangeError);
  });

  it('round-trips', () => {
    for (const cents of [0n, 1n, 99n, 100n, 2001n, 123456789n]) {
      expect(decimalToCents(centsToDecimal(cents))).toBe(cents);
    }
  });
});

describe('decimalToCentsDown', () => {
  it('keeps whole cents and drops any fraction of a cent, never rounding up', () => {
    expect(decimalToCentsDown('10.30')).toBe(1030n);
    expect(decimalToCentsDown('10.2999')).toBe(1029n);
    expect(decimalToCentsDown('7')).toBe(700n);
    expect(decimalToCentsDown('0.009')).toBe(0n);
    expect(decimalToCentsDown('-1.00')).toBeUndefined();
    expect(decimalToCentsDown('1e3')).toBeUndefined();
  });
});

describe('overpaidShareCents', () => {
  it('values what was paid beyond the due at the invoice’s worth, in the coin paid', () => {
    // A 20.60 invoice for a 20.00 top-up, 22.66 USDT paid of 20.60 due: 10 % over, worth 2.00.
    expect(overpaidShareCents(2000n, '22.66', '20.60')).toBe(200n);
    // Eight decimals (BTC) and a different number of decimals on each side.
    expect(overpaidShareCents(2000n, '0.00033000', '0.0003')).toBe(200n);
    // Rounded down: a fraction of a cent is never credited.
    expect(overpaidShareCents(450n, '4.65', '4.64')).toBe(0n);
    expect(overpaidShareCents(450n, '4.75', '4.64')).toBe(10n);
  });

  it('is zero when nothing was paid over, undefined when the figures are unusable', () => {
    expect(overpaidShareCents(2000n, '20.60', '20.60')).toBe(0n);
    expect(overpaidShareCents(2000n, '10.30', '20.60')).toBe(0n);
    expect(overpaidShareCents(2000n, '22.66', '0.00')).toBeUndefined();
    expect(overpaidShareCents(2000n, '1e3', '20.60')).toBeUndefined();
    expect(overpaidShareCents(2000n, '22.66', '-20.60')).toBeUndefined();
    expect(overpaidShareCents(2000n, '', '20.60')).toBeUndefined();
  });
});
