import { describe, expect, it } from 'vitest';
import { formatUtcDateTime } from './dates';

describe('formatUtcDateTime', () => {
  it('shows the UTC wall time of an ISO instant', () => {
    expect(formatUtcDateTime('2026-03-05T07:08:09.123Z')).toBe('2026-03-05 07:08');
    expect(formatUtcDateTime('2026-12-31T23:30:00+02:00')).toBe('2026-12-31 21:30');
  });

  it('leaves text that is not a date as it is', () => {
    expect(formatUtcDateTime('soon')).toBe('soon');
  });
});
