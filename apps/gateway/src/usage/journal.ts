import { open, readFile, rename, type FileHandle } from 'node:fs/promises';
import type { UsageBatch } from '../server-client';

/**
 * The usage journal: on local disk, every usage batch before it is sent and every acknowledgement,
 * plus a checkpoint of the usage not yet in a batch, so a `kill -9` loses at most what was metered
 * since the last checkpoint (GATEWAY_USAGE_JOURNAL_MS) and the last meter tick. A process that starts
 * on the same journal sends what it finds unacknowledged under the batches' original ids, which the
 * server applies once (a batch sent before the crash and acknowledged too late to be journaled is not
 * billed twice).
 *
 * One JSON line per record, each appended and flushed to disk (fdatasync) before the caller goes on:
 * `{"batch":…}` a batch was formed; `{"acked":"<id>"}` the server applied it; `{"checkpoint":[…]}` the
 * batches the usage not yet in a batch would form now, each checkpoint replacing the one before until
 * the next batch record takes those bytes over. A torn last line (a crash mid-write) is ignored. The
 * file is rewritten with only what is still unacknowledged when the process starts and whenever it
 * grows past `maxBytes` (written aside, flushed, then renamed over the old one).
 */

type JournalRecord = { batch: UsageBatch } | { acked: string } | { checkpoint: UsageBatch[] };

export class UsageJournal {
  private size = 0;
  /** Appends in order, one at a time. */
  private tail: Promise<void> = Promise.resolve();

  private constructor(
    private readonly path: string,
    private handle: FileHandle,
    private readonly maxBytes: number,
  ) {}

  /**
   * Opens the journal at `path` (created when missing) and answers what an earlier process left
   * unacknowledged, oldest first: its batches, then its last checkpoint. The file then holds exactly
   * those, as batches, until they are acknowledged.
   */
  static async open(
    path: string,
    maxBytes: number,
  ): Promise<{ journal: UsageJournal; recovered: UsageBatch[] }> {
    const recovered = recover(await readFile(path, 'utf8').catch(() => ''));
    const journal = new UsageJournal(path, await open(path, 'a'), maxBytes);
    await journal.rewrite(recovered);
    return { journal, recovered };
  }

  /** A batch was formed: journaled before it is sent. */
  batch(batch: UsageBatch): Promise<void> {
    return this.append({ batch });
  }

  /** The server applied it. */
  acked(batchId: string): Promise<void> {
    return this.append({ acked: batchId });
  }

  /** The usage not yet in a batch, as the batches it would form now. */
  checkpoint(batches: UsageBatch[]): Promise<void> {
    return this.append({ checkpoint: batches });
  }

  /** Past `maxBytes`: the file is rewritten with only the batches still waiting (`unacked`). */
  get oversized(): boolean {
    return this.size > this.maxBytes;
  }

  compact(unacked: UsageBatch[]): Promise<void> {
    return this.serial(() => this.rewriteNow(unacked));
  }

  close(): Promise<void> {
    return this.serial(() => this.handle.close());
  }

  private append(record: JournalRecord): Promise<void> {
    const line = `${JSON.stringify(record)}\n`;
    return this.serial(async () => {
      await this.handle.appendFile(line);
      await this.handle.datasync();
      this.size += Buffer.byteLength(line);
    });
  }

  private rewrite(batches: UsageBatch[]): Promise<void> {
    return this.serial(() => this.rewriteNow(batches));
  }

  private async rewriteNow(batches: UsageBatch[]): Promise<void> {
    const text = batches.map((batch) => `${JSON.stringify({ batch })}\n`).join('');
    const aside = `${this.path}.new`;
    const fresh = await open(aside, 'w');
    await fresh.writeFile(text);
    await fresh.datasync();
    await fresh.close();
    await rename(aside, this.path);
    await this.handle.close();
    this.handle = await open(this.path, 'a');
    this.size = Buffer.byteLength(text);
  }

  private serial(step: () => Promise<void>): Promise<void> {
    const run = this.tail.then(step);
    this.tail = run.catch(() => undefined);
    return run;
  }
}

/** What a journal's text leaves unacknowledged: its batches in order, then its last checkpoint's. */
export function recover(text: string): UsageBatch[] {
  const batches = new Map<string, UsageBatch>();
  let checkpoint: UsageBatch[] = [];
  for (const line of text.split('\n')) {
    if (line === '') continue;
    let record: JournalRecord;
    try {
      record = JSON.parse(line) as JournalRecord;
    } catch {
      break; // a torn last line: the crash came mid-write, nothing after it was written
    }
    if ('batch' in record) {
      batches.set(record.batch.batch_id, record.batch);
      checkpoint = []; // a batch takes over the usage a checkpoint held
    } else if ('acked' in record) {
      batches.delete(record.acked);
    } else {
      checkpoint = record.checkpoint;
    }
  }
  return [...batches.values(), ...checkpoint.filter((b) => !batches.has(b.batch_id))];
}
