import { describe, expect, it } from 'vitest';
import { FailureThrottle } from './throttle';

describe('failed-authentication throttle', () => {
  it('lets 20 failures through, refuses the 21st, and lets one more in every 3 s', () => {
    let now = 0;
    const throttle = new FailureThrottle(20, () => now);
    for (let i = 0; i < 20; i++) {
      expect(throttle.allows('203.0.113.1')).toBe(true);
      throttle.failed('203.0.113.1');
    }
    expect(throttle.allows('203.0.113.1')).toBe(false);
    expect(throttle.allows('203.0.113.2')).toBe(true); // per address
    now += 2999;
    expect(throttle.allows('203.0.113.1')).toBe(false);
    now += 1;
    expect(throttle.allows('203.0.113.1')).toBe(true);
    throttle.failed('203.0.113.1');
    expect(throttle.allows('203.0.113.1')).toBe(false);
    now += 60_000;
    throttle.sweep();
    expect(throttle.tracked).toBe(0); // full buckets are forgotten
  });

  it('tracks a bounded number of addresses', () => {
    const throttle = new FailureThrottle(20, () => 0, 100);
    for (let i = 0; i < 500; i++) throttle.failed(`10.0.${i >> 8}.${i & 255}`);
    expect(throttle.tracked).toBeLessThanOrEqual(100);
  });
});
