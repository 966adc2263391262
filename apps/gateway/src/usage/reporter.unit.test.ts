import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ServerClient, UsageBatch } from '../server-client';
import { recover, UsageJournal } from './journal';
import { UsageReporter } from './reporter';

function setup(options: { maxQueuedBatches?: number; journal?: UsageJournal } = {}) {
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
const subA = { ownerKey: '1:10', owner: a, via: 'password' as const, sourceIp: '198.51.100.1' };
const mainB = { ownerKey: '2:main', owner: b, via: 'password' as const, sourceIp: '198.51.100.2' };
const byIp = (sourceIp: string) => ({ ...mainB, via: 'whitelist' as const, sourceIp });

describe('usage reporter', () => {
  it('sends one batch per flush with per-owner totals and connections', async () => {
    const { reporter, attempts, acked } = setup();
    reporter.countConnection(subA);
    reporter.add(subA, 100, 1000, 3);
    reporter.add(subA, 5, 50, 2);
    reporter.add(mainB, 1, 2);
    reporter.add(mainB, 0, 0);
    await reporter.flush();
    expect(attempts).toHaveLength(1);
    expect(attempts[0]?.batch_id).toMatch(/^gw-1:[0-9a-z]+\.1$/);
    expect(attempts[0]?.entries).toEqual([
      // `tunnels`: the most open at once while pending (the bound of what may go past zero).
      { ...a, bytes_up: 105, bytes_down: 1050, connections: 1, tunnels: 3 },
      { ...b, bytes_up: 1, bytes_down: 2, connections: 0, tunnels: 0 },
    ]);
    expect(acked).toEqual([['1:10', '2:main']]);
    await reporter.flush();
    expect(attempts).toHaveLength(1); // nothing new, nothing sent
  });

  it('counts the same bytes per exit, sent once with the batch (retried with it, never twice)', async () => {
    const { reporter, state, attempts, applied } = setup();
    reporter.add(subA, 100, 1000);
    reporter.addExit('de-1', 1100);
    reporter.add(mainB, 1, 2);
    reporter.addExit('direct', 3);
    reporter.addExit('de-1', 0);
    state.down = true;
    await reporter.flush();
    reporter.add(subA, 10, 0);
    reporter.addExit('de-1', 10);
    state.down = false;
    await reporter.flush();
    expect(attempts.map((batch) => batch.exits)).toEqual([
      [
        { exit_id: 'de-1', bytes: 1100 },
        { exit_id: 'direct', bytes: 3 },
      ],
      [
        { exit_id: 'de-1', bytes: 1100 },
        { exit_id: 'direct', bytes: 3 },
      ],
      [{ exit_id: 'de-1', bytes: 10 }],
    ]);
    const carried = [...applied.values()].flatMap((batch) => batch.exits ?? []);
    const billed = [...applied.values()].flatMap((batch) => batch.entries);
    const sum = (values: number[]) => values.reduce((total, v) => total + v, 0);
    expect(sum(carried.map((e) => e.bytes))).toBe(sum(billed.map((e) => e.bytes_up + e.bytes_down)));
  });

  it('retries an unacknowledged batch with the same id, in order, and never loses or doubles bytes', async () => {
    const { reporter, state, attempts, applied } = setup({ maxQueuedBatches: 2 });
    state.down = true;
    for (let i = 0; i < 5; i++) {
      reporter.add(subA, 10, 100);
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

  it('reports main-account usage by whitelisted IP per address, while leases stay per owner', async () => {
    const { reporter, attempts, acked } = setup();
    reporter.countConnection(byIp('203.0.113.5'));
    reporter.add(byIp('203.0.113.5'), 10, 20);
    reporter.add(byIp('203.0.113.6'), 1, 2);
    reporter.add(mainB, 100, 200); // the same owner with a password user (`whitelist-…` is by IP too)
    expect(reporter.pendingBytes('2:main')).toBe(333);
    expect(reporter.isSettled('2:main')).toBe(false);
    await reporter.flush();
    expect(attempts[0]?.entries).toEqual([
      { ...b, source_ip: '203.0.113.5', bytes_up: 10, bytes_down: 20, connections: 1, tunnels: 0 },
      { ...b, source_ip: '203.0.113.6', bytes_up: 1, bytes_down: 2, connections: 0, tunnels: 0 },
      { ...b, bytes_up: 100, bytes_down: 200, connections: 0, tunnels: 0 },
    ]);
    expect(acked).toEqual([['2:main']]);
    expect(reporter.pendingBytes('2:main')).toBe(0);
    expect(reporter.isSettled('2:main')).toBe(true);
  });
});

describe('usage reporter with a journal', () => {
  it('journals usage before it is sent, under the ids it is sent with, until acknowledged', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'reporter-journal-'));
    const path = join(dir, 'usage.journal');
    const left = async () => recover(await readFile(path, 'utf8'));
    try {
      const { journal } = await UsageJournal.open(path, 1024 * 1024);
      const { reporter, state, applied } = setup({ journal });
      reporter.add(subA, 10, 20);
      await reporter.checkpoint();
      const [checkpointed] = await left();
      expect(checkpointed?.entries).toMatchObject([{ ...a, bytes_up: 10, bytes_down: 20 }]);
      reporter.add(subA, 1, 2);
      // The server is away: the batch is on disk before the attempt, with the checkpoint's id.
      state.down = true;
      await reporter.flush();
      expect((await left()).map((b) => [b.batch_id, b.entries[0]?.bytes_down])).toEqual([
        [checkpointed?.batch_id, 22],
      ]);
      state.down = false;
      await reporter.flush();
      expect([...applied.keys()]).toEqual([checkpointed?.batch_id]);
      expect(await left()).toEqual([]);
      await journal.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('sends what an earlier process left first, under the ids it had', async () => {
    const { reporter, attempts } = setup();
    const earlier = {
      batch_id: 'gw-0:old.7',
      instance_id: 'gw-0',
      entries: [{ ...a, bytes_up: 5, bytes_down: 5, connections: 1, tunnels: 1 }],
    };
    reporter.add(mainB, 1, 1);
    reporter.recover([earlier]);
    await reporter.flush();
    expect(attempts.map((b) => b.batch_id)).toEqual(['gw-0:old.7', expect.stringMatching(/^gw-1:/)]);
  });
});
