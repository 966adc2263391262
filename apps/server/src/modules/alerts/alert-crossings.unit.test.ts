import { describe, expect, it } from 'vitest';
import { flagCrossed, percentsCrossed, percentUsed } from './alert-crossings';

describe('alert crossings', () => {
  it('floors the percent used and says 100 only when nothing is left', () => {
    expect(percentUsed(0n, 0n)).toBe(0);
    expect(percentUsed(899n, 1000n)).toBe(89);
    expect(percentUsed(999n, 1000n)).toBe(99);
    expect(percentUsed(1000n, 1000n)).toBe(100);
    expect(percentUsed(1200n, 1000n)).toBe(100);
  });

  it('alerts every threshold one usage step jumps over, once', () => {
    expect(percentsCrossed([80, 90, 100], 0, 10, 95)).toEqual({ alert: [80, 90], done: 90 });
    expect(percentsCrossed([80, 90, 100], 90, 95, 97)).toEqual({ alert: [], done: 90 });
    expect(percentsCrossed([80, 90, 100], 90, 97, 100)).toEqual({ alert: [100], done: 100 });
    expect(percentsCrossed([80, 90, 100], 100, 100, 100)).toEqual({ alert: [], done: 100 });
  });

  it('alerts again after more traffic took the sub-account back below a threshold', () => {
    // 100% alerted, then traffic added: now at 50% before this usage, which reaches 85%.
    expect(percentsCrossed([80, 90, 100], 100, 50, 85)).toEqual({ alert: [80], done: 80 });
    // Back to 85% only (still above 80): 80 stays alerted, 90 is crossed again.
    expect(percentsCrossed([80, 90, 100], 100, 85, 92)).toEqual({ alert: [90], done: 90 });
  });

  it('does nothing without thresholds or without a crossing', () => {
    expect(percentsCrossed([], 0, 0, 100)).toEqual({ alert: [], done: 0 });
    expect(percentsCrossed([50], 0, 10, 49)).toEqual({ alert: [], done: 0 });
  });

  it('alerts a yes/no condition when it starts to hold, and again only after it stopped', () => {
    expect(flagCrossed(true, false)).toEqual({ alert: true, alerted: true });
    expect(flagCrossed(true, true)).toEqual({ alert: false, alerted: true });
    expect(flagCrossed(false, true)).toEqual({ alert: false, alerted: false });
    expect(flagCrossed(false, false)).toEqual({ alert: false, alerted: false });
  });
});
