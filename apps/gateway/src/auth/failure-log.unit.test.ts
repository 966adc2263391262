import { describe, expect, it } from 'vitest';
import { AuthFailureLog } from './failure-log';

describe('AuthFailureLog', () => {
  it('sums failures by reason and names the addresses failing most, then starts over', () => {
    const log = new AuthFailureLog();
    for (let i = 0; i < 7; i++) log.record('auth_failed', '203.0.113.9');
    for (let i = 0; i < 3; i++) log.record('throttled', '203.0.113.9');
    log.record('bad_username', '198.51.100.1');
    for (let i = 0; i < 6; i++) log.record('auth_failed', `10.0.0.${i}`);
    log.record('auth_required', '192.0.2.1');
    const summary = log.take();
    expect(summary).toMatchObject({
      total: 17,
      byReason: { auth_failed: 13, throttled: 3, bad_username: 1 },
    });
    expect(summary?.topSources[0]).toEqual({ ip: '203.0.113.9', failures: 10 });
    expect(summary?.topSources).toHaveLength(5);
    expect(log.take()).toBeNull();
  });

  it('does not count a client asking without credentials (every Basic-auth client does first)', () => {
    const log = new AuthFailureLog();
    log.record('auth_required', '192.0.2.1');
    expect(log.take()).toBeNull();
  });
});
