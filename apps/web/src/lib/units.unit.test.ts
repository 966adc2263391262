import { describe, expect, it, vi } from 'vitest';
import { blockArithmeticKeys, blockNonDigitKeys } from './keyboard';
import { bytesToGb, bytesToMb, centsToUsd, formatGb, formatGbFixed, formatGbLeft, formatUsd } from './units';

describe('units', () => {
  it('uses decimal units and cents', () => {
    expect(bytesToGb(1_500_000_000)).toBe(1.5);
    expect(bytesToMb(2_000_000)).toBe(2);
    expect(centsToUsd(2_050)).toBe(20.5);
  });

  it('formats for the UI locale', () => {
    expect(formatUsd(123_456, 'en-US')).toBe('$1,234.56');
    expect(formatGb(1_000_000, 'en-US')).toBe('0.001');
    expect(formatGb(0, 'en-US')).toBe('0');
  });

  it('shows traffic left with two decimals, never rounded up', () => {
    expect(formatGbLeft(12_340_000_000, 'en-US')).toBe('12.34');
    expect(formatGbLeft(999_999_999, 'en-US')).toBe('0.99');
    expect(formatGbLeft(100_000_000, 'en-US')).toBe('0.10');
    expect(formatGbLeft(0, 'en-US')).toBe('0.00');
    expect(formatGbLeft(1_234_560_000_000, 'en-US')).toBe('1,234.56');
    expect(formatGbLeft(-5, 'en-US')).toBe('0.00');
  });

  it('shows allocated and used traffic with two decimals, rounded to the nearest', () => {
    expect(formatGbFixed(1_543_210_988, 'en-US')).toBe('1.54');
    expect(formatGbFixed(999_999_999, 'en-US')).toBe('1.00');
    expect(formatGbFixed(0, 'en-US')).toBe('0.00');
    expect(formatGbFixed(2_500_000_000, 'ru-RU')).toBe('2,50');
  });
});

describe('blockArithmeticKeys', () => {
  it('blocks + - * / and nothing else', () => {
    for (const key of ['+', '-', '*', '/']) {
      const preventDefault = vi.fn();
      blockArithmeticKeys({ key, preventDefault });
      expect(preventDefault).toHaveBeenCalledOnce();
    }
    const preventDefault = vi.fn();
    for (const key of ['1', '.', 'Backspace', 'e']) blockArithmeticKeys({ key, preventDefault });
    expect(preventDefault).not.toHaveBeenCalled();
  });
});

describe('blockNonDigitKeys', () => {
  it('blocks arithmetic, the exponent and decimal separators, so only whole numbers can be typed', () => {
    for (const key of ['+', '-', '*', '/', 'e', 'E', '.', ',']) {
      const preventDefault = vi.fn();
      blockNonDigitKeys({ key, preventDefault });
      expect(preventDefault).toHaveBeenCalledOnce();
    }
    const preventDefault = vi.fn();
    for (const key of ['0', '9', 'Backspace', 'Delete', 'ArrowUp', 'Tab', 'Enter']) {
      blockNonDigitKeys({ key, preventDefault });
    }
    expect(preventDefault).not.toHaveBeenCalled();
  });

  it('leaves keyboard shortcuts alone', () => {
    const preventDefault = vi.fn();
    blockNonDigitKeys({ key: 'e', ctrlKey: true, preventDefault });
    blockNonDigitKeys({ key: 'e', metaKey: true, preventDefault });
    expect(preventDefault).not.toHaveBeenCalled();
  });
});
