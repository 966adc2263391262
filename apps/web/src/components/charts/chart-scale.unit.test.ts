import { describe, expect, it } from 'vitest';
import {
  band,
  barHeight,
  labelEvery,
  niceStep,
  niceTicks,
  stack,
  stepDecimals,
  textWidth,
} from './chart-scale';

describe('nice steps and ticks', () => {
  it('rounds a rough step up to 1, 2, 2.5 or 5 times a power of ten', () => {
    expect(niceStep(0.7)).toBe(1);
    expect(niceStep(1)).toBe(1);
    expect(niceStep(1.2)).toBe(2);
    expect(niceStep(2.2)).toBe(2.5);
    expect(niceStep(3)).toBe(5);
    expect(niceStep(19)).toBe(20);
    expect(niceStep(7300)).toBe(10_000);
    expect(niceStep(0.0031)).toBeCloseTo(0.005);
    expect(niceStep(0)).toBe(1);
    expect(niceStep(Number.NaN)).toBe(1);
  });

  it('covers the maximum from 0 in at most the asked number of intervals', () => {
    expect(niceTicks(95, 5)).toEqual({ step: 20, top: 100, values: [0, 20, 40, 60, 80, 100] });
    expect(niceTicks(100, 5).values).toEqual([0, 20, 40, 60, 80, 100]);
    expect(niceTicks(101, 5)).toEqual({ step: 25, top: 125, values: [0, 25, 50, 75, 100, 125] });
    expect(niceTicks(12_345, 4).values).toEqual([0, 5000, 10_000, 15_000]);
    for (const max of [0.004, 0.37, 3, 7.7, 48, 999, 1001, 123_456.78, 9e9]) {
      for (const count of [3, 4, 5, 6]) {
        const ticks = niceTicks(max, count);
        expect(ticks.top, `${max}/${count}`).toBeGreaterThanOrEqual(max);
        expect(ticks.values.length - 1, `${max}/${count}`).toBeLessThanOrEqual(count);
        expect(ticks.values[0]).toBe(0);
        expect(ticks.top).toBe(ticks.values[ticks.values.length - 1]);
      }
    }
  });

  it('writes small steps exactly (no 0.30000000000000004)', () => {
    const ticks = niceTicks(0.9, 3);
    expect(ticks.values).toEqual([0, 0.5, 1]);
    expect(niceTicks(0.3, 3).values).toEqual([0, 0.1, 0.2, 0.3]);
    expect(niceTicks(0.0042, 4).values).toEqual([0, 0.002, 0.004, 0.006]);
  });

  it('gives an empty or all-zero chart a readable 0..1 axis', () => {
    expect(niceTicks(0)).toEqual({ step: 1, top: 1, values: [0, 1] });
    expect(niceTicks(-5).values).toEqual([0, 1]);
    expect(niceTicks(Number.POSITIVE_INFINITY).values).toEqual([0, 1]);
  });

  it('knows how many decimals a step needs', () => {
    expect(stepDecimals(1000)).toBe(0);
    expect(stepDecimals(2.5)).toBe(1);
    expect(stepDecimals(0.25)).toBe(2);
    expect(stepDecimals(0.001)).toBe(3);
    expect(stepDecimals(0.1 + 0.2)).toBe(1);
  });
});

describe('layout', () => {
  it('thins the axis labels so they do not overlap', () => {
    expect(labelEvery(30, 900, 40)).toBe(2); // 30 px per bar
    expect(labelEvery(7, 900, 40)).toBe(1);
    expect(labelEvery(366, 700, 44)).toBe(24);
    expect(labelEvery(0, 900, 40)).toBe(1);
    expect(labelEvery(10, 0, 40)).toBe(1);
  });

  it('places bars in equal bands, centred, at least 1 px and at most the cap wide', () => {
    const first = band(0, 10, 50, 500);
    expect(first).toEqual({ x: 57.5, width: 35, center: 75, bandX: 50, bandWidth: 50 });
    expect(band(9, 10, 50, 500).center).toBe(525);
    expect(band(0, 1000, 0, 300).width).toBe(1);
    expect(band(0, 2, 0, 1000).width).toBe(48);
  });

  it('scales heights to the axis top and clamps them', () => {
    expect(barHeight(50, 100, 200)).toBe(100);
    expect(barHeight(0, 100, 200)).toBe(0);
    expect(barHeight(150, 100, 200)).toBe(200);
    expect(barHeight(5, 0, 200)).toBe(0);
  });

  it('stacks values from the bottom, negatives as nothing', () => {
    expect(stack([3, 0, 2, -1, 4])).toEqual([
      { from: 0, to: 3 },
      { from: 3, to: 3 },
      { from: 3, to: 5 },
      { from: 5, to: 5 },
      { from: 5, to: 9 },
    ]);
  });

  it('estimates label widths from their length', () => {
    expect(textWidth('May 12', 10)).toBe(36);
    expect(textWidth('', 12)).toBe(0);
  });
});
