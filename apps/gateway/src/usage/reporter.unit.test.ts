import { describe, expect, it } from 'vitest';
import type { ServerClient, UsageBatch } from '../server-client';
import { UsageReporter } from './reporter';

function setup(options: { maxQueuedBatches?: number } = {}) {
  const state = { down: false };
  const attempts: UsageBatch[] = [];
  const applied = new Map<string, UsageBatch>();
  const client = {
    usage: (batch: UsageBatch) => {
      attempts.push(structuredClone(batch));
      if (state.down) return Promise.reject(new Error('down'));
      const fresh = !applied.has(batch.batch_id);
      applied.set(batch.batch_id, batch);
      return Promise.resolve({ applied: fresh });
    },
  } as unknown as ServerClient;
  const acked: string[][] = [];
  const reporter = new UsageReporter({
    client,
    instanceId: 'gw-1',
    onAcked: (keys) => acked.push(keys),
    ...options,
  });
  return { reporter, state, attempts, applied, acked };
}
const a = { account_id: 1, subaccount_id: 10 };
const b = { account_id: 2, subaccount_id: null };

describe('usage reporter', () => {
  it('sends one batch per flush with per-owner totals and connections', async () => {
    const { reporter, attempts, acked } = setup();
    reporter.countConnection('1:10', a);
    reporter.add('1:10', a, 100, 1000);
    reporter.add('1:10', a, 5, 50);
    reporter.add('2:main', b, 1, 2);
    reporter.add('2:main', b, 0, 0);
    await reporter.flush();
    expect(attempts).toHaveLength(1);
    expect(attempts[0]?.batch_id).toMatch(/^gw-1:[0-9a-z]+\.1$/);
    expect(attempts[0]?.entries).toEqual([
      { ...a, bytes_up: 105, bytes_down: 1050, connections: 1 },
      { ...b, bytes_up: 1, bytes_down: 2, connections: 0 },
    ]);
    expect(acked).toEqual([['1:10', '2:main']]);
    await reporter.flush();
    expect(attempts).toHaveLength(1); // nothing new, nothing sent
  });

  it('retries an unacknowledged batch with the same id, in order, and never loses or doubles bytes', async () => {
    const { reporter, state, attempts, applied } = setup({ maxQueuedBatches: 2 });
    state.down = true;
    for (let i = 0; i < 5; i++) {
      reporter.add('1:10', a, 10, 100);
      await reporter.flush();
    }
    expect(reporter.queued).toBe(2); // bounded; the rest waits as per-owner totals
    expect(new Set(attempts.map((x) => x.batch_id)).size).toBe(1); // the head, retried under its id
    expect(reporter.isSettled('1:10')).toBe(false);
    state.down = false;
    expect(await reporter.drain(Date.now() + 1000)).toBe(true);
    const total = [...applied.values()]
      .flatMap((x) => x.entries)
      .reduce((s, e) => s + e.bytes_up + e.bytes_down, 0);
    expect(total).toBe(5 * 110);
    expect(reporter.isSettled('1:10')).toBe(true);
    const ids = [...applied.keys()];
    expect(ids).toEqual([...ids].sort((x, y) => Number(x.split('.')[1]) - Number(y.split('.')[1])));
  });
});
