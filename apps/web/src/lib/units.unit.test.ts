import { describe, expect, it, vi } from 'vitest';
import { blockArithmeticKeys } from './keyboard';
import { bytesToGb, bytesToMb, centsToUsd, formatGb, formatUsd } from './units';

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
