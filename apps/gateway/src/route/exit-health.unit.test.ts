import type { Exit } from '@resiport/contract';
import { describe, expect, it } from 'vitest';
import { ExitHealth } from './exit-health';
import { ExitPool } from './pool';

const exit = (id: string, port = 1): Exit => ({ id, type: 'http', host: 'h', port, weight: 1 });

describe('exit health (what a gateway process reports)', () => {
  it('counts failures in a row, keeps the last error with its age, and the rest the pool gives', () => {
    let now = 1000;
    const pool = new ExitPool({ exits: [exit('a'), exit('b')] }, 30_000, () => now);
    const health = new ExitHealth(pool, () => now);
    health.failed(exit('a'), new Error('connect ECONNREFUSED'));
    pool.rest(exit('a'));
    now += 500;
    health.failed(exit('a'), new Error('x'.repeat(900)));
    now += 250;
    expect(health.report()).toEqual([
      {
        exit_id: 'a',
        consecutive_failures: 2,
        last_error: 'x'.repeat(500),
        error_age_ms: 250,
        resting_ms: 29_250,
      },
      { exit_id: 'b', consecutive_failures: 0, last_error: null, error_age_ms: null, resting_ms: 0 },
    ]);
    health.succeeded(exit('a'));
    expect(health.report()[0]).toMatchObject({ consecutive_failures: 0, last_error: 'x'.repeat(500) });
  });

  it('forgets an exit that left the pool or now connects elsewhere', () => {
    const pool = new ExitPool({ exits: [exit('a'), exit('b')] }, 30_000);
    const health = new ExitHealth(pool);
    health.failed(exit('a'), new Error('down'));
    health.failed(exit('b'), new Error('down'));
    const previous = pool.pool.exits;
    const next = { exits: [exit('a', 2), exit('b')] };
    pool.replace(next);
    health.replaced(previous, next.exits);
    expect(health.report().map((r) => [r.exit_id, r.consecutive_failures])).toEqual([
      ['a', 0],
      ['b', 1],
    ]);
  });
});
