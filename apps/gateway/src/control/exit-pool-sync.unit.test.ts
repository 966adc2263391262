import type { Pool } from '@resiport/contract';
import { describe, expect, it, vi } from 'vitest';
import { ExitPoolSync } from './exit-pool-sync';

const poolOf = (...ids: string[]): Pool => ({ exits: ids.map((id) => ({ id, type: 'direct', weight: 1 })) });

describe('exit pool sync (the server is the source of the pool)', () => {
  it('loads one at a time: changes during a load make exactly one more load', async () => {
    let version = 0;
    let release: () => void = () => undefined;
    const exits = vi.fn(
      () =>
        new Promise<Pool>((resolve) => {
          const answer = poolOf(`v${++version}`);
          release = () => resolve(answer);
        }),
    );
    const applied: string[] = [];
    const sync = new ExitPoolSync({
      client: { exits },
      retryMs: 10,
      apply: (p) => applied.push(p.exits[0]?.id ?? ''),
    });
    const first = sync.load();
    void sync.load();
    void sync.load();
    release();
    await vi.waitFor(() => expect(exits).toHaveBeenCalledTimes(2));
    release();
    await first;
    expect(applied).toEqual(['v1', 'v2']);
    sync.stop();
  });

  it('keeps the pool in force while the server is away, retries, and reports the outage once', async () => {
    let up = false;
    const exits = vi.fn(() =>
      up ? Promise.resolve(poolOf('server')) : Promise.reject(new Error('ECONNREFUSED')),
    );
    const applied: Pool[] = [];
    const errors: string[] = [];
    let recovered = 0;
    const sync = new ExitPoolSync({
      client: { exits },
      retryMs: 5,
      apply: (p) => applied.push(p),
      onError: (e) => errors.push(e.message),
      onRecovered: () => recovered++,
    });
    await sync.load();
    await vi.waitFor(() => expect(exits.mock.calls.length).toBeGreaterThanOrEqual(3));
    expect(applied).toEqual([]);
    up = true;
    await vi.waitFor(() => expect(applied).toEqual([poolOf('server')]));
    expect([errors, recovered]).toEqual([['ECONNREFUSED'], 1]);
    const calls = exits.mock.calls.length;
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(exits.mock.calls.length).toBe(calls); // no retries once it answered
    sync.stop();
  });
});
