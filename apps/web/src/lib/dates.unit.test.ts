import { describe, expect, it } from 'vitest';
import { formatLocalDateTime, formatUtcDateTime } from './dates';

describe('formatUtcDateTime', () => {
  it('shows the UTC wall time of an ISO instant', () => {
    expect(formatUtcDateTime('2026-03-05T07:08:09.123Z')).toBe('2026-03-05 07:08');
    expect(formatUtcDateTime('2026-12-31T23:30:00+02:00')).toBe('2026-12-31 21:30');
  });

  it('leaves text that is not a date as it is', () => {
    expect(formatUtcDateTime('soon')).toBe('soon');
  });
});

describe('formatLocalDateTime', () => {
  it('shows the wall time in the viewer’s time zone', () => {
    // Built from local parts, so the test holds in any time zone the machine runs in.
    const local = new Date(2026, 2, 5, 7, 8, 9);
    expect(formatLocalDateTime(local.toISOString())).toBe('2026-03-05 07:08');
  });

  it('leaves text that is not a date as it is', () => {
    expect(formatLocalDateTime('soon')).toBe('soon');
  });
});
