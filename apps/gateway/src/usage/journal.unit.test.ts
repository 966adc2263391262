import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { UsageBatch } from '../server-client';
import { recover, UsageJournal } from './journal';

const batch = (id: string, down = 100): UsageBatch => ({
  batch_id: id,
  instance_id: 'gw-1',
  entries: [{ account_id: 1, subaccount_id: 2, bytes_up: 0, bytes_down: down, connections: 1, tunnels: 1 }],
});
const line = (record: object) => `${JSON.stringify(record)}\n`;

describe('usage journal: what is left unacknowledged', () => {
  it('answers the batches never acknowledged, in order, then the last checkpoint after them', () => {
    const text =
      line({ batch: batch('a') }) +
      line({ batch: batch('b') }) +
      line({ acked: 'a' }) +
      line({ checkpoint: [batch('c', 1)] }) +
      line({ checkpoint: [batch('c', 2)] });
    expect(recover(text).map((b) => [b.batch_id, b.entries[0]?.bytes_down])).toEqual([
      ['b', 100],
      ['c', 2],
    ]);
  });

  it('drops a checkpoint once a batch took its usage over, and ignores a torn last line', () => {
    const text =
      line({ checkpoint: [batch('c', 5)] }) +
      line({ batch: batch('c', 7) }) +
      '{"checkpoint":[{"batch_id":"d"'; // the crash came mid-write
    expect(recover(text).map((b) => [b.batch_id, b.entries[0]?.bytes_down])).toEqual([['c', 7]]);
    expect(recover('')).toEqual([]);
  });

  it('keeps what it recovered on disk until acknowledged, and compacts to what is still waiting', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'journal-unit-'));
    const path = join(dir, 'usage.journal');
    try {
      await writeFile(path, line({ batch: batch('a') }) + line({ checkpoint: [batch('b')] }));
      const { journal, recovered } = await UsageJournal.open(path, 400);
      expect(recovered.map((b) => b.batch_id)).toEqual(['a', 'b']);
      // Rewritten at once: both are batches now, so a second crash before they are sent keeps them.
      expect(recover(await readFile(path, 'utf8')).map((b) => b.batch_id)).toEqual(['a', 'b']);
      await journal.acked('a');
      await journal.batch(batch('e'));
      expect(journal.oversized).toBe(true); // past 400 bytes
      await journal.compact([batch('b'), batch('e')]);
      expect(journal.oversized).toBe(false);
      await journal.acked('b');
      await journal.close();
      expect(recover(await readFile(path, 'utf8')).map((b) => b.batch_id)).toEqual(['e']);
      // A fresh file when there was none.
      const other = await UsageJournal.open(join(dir, 'new.journal'), 400);
      expect(other.recovered).toEqual([]);
      await other.journal.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
