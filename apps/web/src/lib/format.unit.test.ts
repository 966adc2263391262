import { describe, expect, it } from 'vitest';
import {
  formatCount,
  formatMb,
  formatSignedMb,
  formatSignedTraffic,
  formatTraffic,
  formatTrafficPair,
  formatUsd,
  formatShownMbChange,
  formatTrafficTotal,
  formatUtcDateTime,
  formatUtcSpan,
  trafficUnitOf,
} from './format';

const GB = 1_000_000_000;
const MB = 1_000_000;

describe('the one formatting module', () => {
  it('reads traffic in GB from 1 GB and in MB below, two decimals to the nearest', () => {
    expect(formatTraffic(3.6 * GB, 'en-US')).toBe('3.60 GB');
    expect(formatTraffic(5 * MB, 'en-US')).toBe('5.00 MB');
    expect(formatTraffic(0, 'en-US')).toBe('0.00 MB');
    expect(formatTraffic(GB - 20_000, 'en-US')).toBe('999.98 MB');
    expect(formatTraffic(1.4999 * GB, 'en-US')).toBe('1.50 GB');
    expect(formatTraffic(1.494 * GB, 'en-US')).toBe('1.49 GB');
    expect(formatTraffic(8_495_000_000, 'en-US')).toBe('8.50 GB');
    expect(formatTraffic(1_488 * MB, 'en-US')).toBe('1.49 GB');
    // 8 kB used of 2 GB: 2.00 GB left beside "< 0.01 MB" used, not 1.99 GB.
    expect(formatTraffic(2 * GB - 8_000, 'en-US')).toBe('2.00 GB');
    expect(formatTraffic(-5_189_829, 'en-US')).toBe('-5.19 MB');
    expect(formatTraffic(1234.5 * GB, 'en-US')).toBe('1,234.50 GB');
  });

  it('never shows something used as zero', () => {
    expect(formatTraffic(1, 'en-US')).toBe('< 0.01 MB');
    expect(formatMb(4_999, 'en-US')).toBe('< 0.01');
    expect(formatMb(5_000, 'en-US')).toBe('0.01');
  });

  it('writes the language’s separators and unit names', () => {
    expect(formatTraffic(3.6 * GB, 'ru-RU')).toBe('3,60 ГБ');
    expect(formatTraffic(1_234_567 * MB, 'ru-RU')).toMatch(/^1\s234,57 ГБ$/);
    expect(formatUsd(2000, 'en-US')).toBe('$20.00');
  });

  it('signs changes and keeps a pair in one unit', () => {
    expect(formatSignedTraffic(10 * GB, 'en-US')).toBe('+10.00 GB');
    expect(formatSignedTraffic(-250 * MB, 'en-US')).toBe('-250.00 MB');
    expect(formatSignedTraffic(-2 * GB, 'en-US')).toBe('-2.00 GB');
    expect(formatSignedTraffic(0, 'en-US')).toBe('0.00 MB');
    expect(formatTrafficPair(5 * MB, 20 * MB, 'en-US')).toBe('5.00 / 20.00 MB');
    expect(formatTrafficPair(500 * MB, 2 * GB, 'en-US')).toBe('0.50 / 2.00 GB');
    expect(trafficUnitOf(-GB)).toBe('GB');
  });

  it('keeps statistics in MB with separators and counts whole', () => {
    expect(formatMb(1_234_567_890, 'en-US')).toBe('1,234.57');
    expect(formatMb(1_234_567_890, 'ru-RU')).toBe('1\u00a0234,57');
    expect(formatSignedMb(1000 * MB, 'en-US')).toBe('+1,000.00');
    expect(formatSignedMb(-3, 'en-US')).toBe('-< 0.01');
    expect(formatCount(1_234_567, 'en-US')).toBe('1,234,567');
  });

  it('reads moments in UTC with the label', () => {
    expect(formatUtcDateTime('2026-11-25T23:59:30-05:00')).toBe('2026-11-26 04:59 UTC');
    expect(formatUtcDateTime('not a date')).toBe('not a date');
  });

  it('states a change between two balances as the shown after minus the shown before, so they chain', () => {
    // 10,000.01 → 9,999.22 on screen: the change reads −0.79, not the exact −0.784 rounded on its own.
    const before = 10_000_006_000;
    const after = before - 784_000;
    expect(formatMb(before, 'en-US')).toBe('10,000.01');
    expect(formatMb(after, 'en-US')).toBe('9,999.22');
    expect(formatShownMbChange(before, after, 'en-US')).toBe('-0.79');
    expect(formatShownMbChange(0, 2 * GB, 'en-US')).toBe('+2,000.00');
    expect(formatShownMbChange(5 * MB, 5 * MB, 'en-US')).toBe('0.00');
  });

  it("states a total as the sum of its parts as shown, in the total's unit", () => {
    // 25.046 + 10.046 = 35.092 exactly, but the parts read 25.05 and 10.05: the total reads 35.10.
    expect(formatTrafficTotal([25_046_000_000, 10_046_000_000], 'en-US')).toBe('35.10 GB');
    expect(formatTrafficTotal([600 * MB, 500 * MB], 'en-US')).toBe('1.10 GB');
    expect(formatTrafficTotal([5 * MB, 0], 'en-US')).toBe('5.00 MB');
    expect(formatTrafficTotal([0, 0], 'en-US')).toBe('0.00 MB');
    expect(formatTrafficTotal([1, 0], 'en-US')).toBe('< 0.01 MB');
    expect(formatTrafficTotal([25_046_000_000, 10_046_000_000], 'ru-RU')).toBe('35,10 ГБ');
  });

  it('states a stretch of time in UTC once, the day once when both ends share it', () => {
    expect(formatUtcSpan('2026-11-26T05:20:10Z', '2026-11-26T05:28:00Z')).toBe('2026-11-26 05:20–05:28 UTC');
    expect(formatUtcSpan('2026-11-26T05:28:10Z', '2026-11-26T05:28:50Z')).toBe('2026-11-26 05:28 UTC');
    expect(formatUtcSpan('2026-11-25T23:50:00Z', '2026-11-26T00:10:00Z')).toBe(
      '2026-11-25 23:50 – 2026-11-26 00:10 UTC',
    );
  });
});
