import type { ExitUsage, TrafficOwner } from '@resiport/contract';
import type { ServerClient, UsageBatch } from '../server-client';
import { ownerKeyOf } from '../auth/authenticator';
import type { UsageJournal } from './journal';

/**
 * Usage goes to the server in batches, never per connection: bytes accumulate per owner, and every
 * flush turns them into one batch with an id `instance:boot.seq` that the server applies once, so a
 * batch is retried with the same id until acknowledged. Unacknowledged batches wait in a bounded
 * queue; when it is full, bytes keep accumulating per owner instead (memory bounded by the number of
 * owners, nothing dropped). The boot part keeps ids unique when an instance id is reused after a restart.
 * The same bytes are also counted per exit (what each exit carried, decision 030) and go with the
 * first batch of a flush, so they too count once, however often the batch is retried.
 */

const MAX_ENTRIES_PER_BATCH = 10_000;

export interface ReporterOptions {
  client: ServerClient;
  instanceId: string;
  maxQueuedBatches?: number;
  /** Where batches are journaled before they are sent (journal.ts); none: usage since the last acknowledged batch dies with the process. */
  journal?: UsageJournal;
  /** Called with the owners of a batch the server acknowledged (their leases were extended). */
  onAcked?: (ownerKeys: string[], batch: UsageBatch) => void;
  onError?: (error: Error) => void;
}

/** Whose bytes: an authenticated identity (the meter's tunnels carry one). */
export interface UsageSource {
  ownerKey: string;
  owner: TrafficOwner;
  via: 'password' | 'whitelist';
  sourceIp: string;
}

interface Pending {
  owner: TrafficOwner;
  ownerKey: string;
  /** Main-account usage that came in by whitelisted IP is reported per address. */
  sourceIp: string | undefined;
  up: number;
  down: number;
  connections: number;
  /** The most tunnels of the owner open at once while this entry was pending. */
  tunnels: number;
}

export class UsageReporter {
  /** By usage key: the owner, plus the source address for whitelisted IPs. */
  private readonly pending = new Map<string, Pending>();
  /** Bytes not yet in a batch, and how many pending entries, per owner (lease decisions are per owner). */
  private readonly pendingOwners = new Map<string, { bytes: number; entries: number }>();
  /** Bytes per exit id not yet in a batch (one number per exit: no allocation per sample). */
  private readonly pendingExits = new Map<string, number>();
  private readonly queue: { batch: UsageBatch; keys: string[] }[] = [];
  private readonly boot = Date.now().toString(36);
  private seq = 0;
  private flushing: Promise<void> | undefined;
  /** Usage came in since the last checkpoint. */
  private dirty = false;

  constructor(private readonly options: ReporterOptions) {}

  private entry(source: UsageSource): Pending {
    const sourceIp = source.via === 'whitelist' ? source.sourceIp : undefined;
    const key = sourceIp === undefined ? source.ownerKey : `${source.ownerKey}|${sourceIp}`;
    let entry = this.pending.get(key);
    if (!entry) {
      entry = {
        owner: source.owner,
        ownerKey: source.ownerKey,
        sourceIp,
        up: 0,
        down: 0,
        connections: 0,
        tunnels: 0,
      };
      this.pending.set(key, entry);
      const owner = this.pendingOwners.get(source.ownerKey);
      if (owner) owner.entries++;
      else this.pendingOwners.set(source.ownerKey, { bytes: 0, entries: 1 });
    }
    return entry;
  }

  add(source: UsageSource, up: number, down: number, tunnels = 0): void {
    if (up === 0 && down === 0) return;
    this.dirty = true;
    const entry = this.entry(source);
    entry.up += up;
    entry.down += down;
    if (tunnels > entry.tunnels) entry.tunnels = tunnels;
    const owner = this.pendingOwners.get(source.ownerKey);
    if (owner) owner.bytes += up + down;
  }

  /** What an exit carried of the bytes just added (`add`), for the operator's comparison with its bill. */
  addExit(exitId: string, bytes: number): void {
    if (bytes === 0) return;
    this.pendingExits.set(exitId, (this.pendingExits.get(exitId) ?? 0) + bytes);
  }

  countConnection(source: UsageSource): void {
    this.entry(source).connections++;
  }

  /** Bytes not yet handed to a batch, per owner. */
  pendingBytes(ownerKey: string): number {
    return this.pendingOwners.get(ownerKey)?.bytes ?? 0;
  }

  /** True when no usage of this owner waits to be sent or acknowledged. */
  isSettled(ownerKey: string): boolean {
    return !this.pendingOwners.has(ownerKey) && !this.queue.some((q) => q.keys.includes(ownerKey));
  }

  get queued(): number {
    return this.queue.length;
  }

  /** Turns pending usage into batches and sends every queued batch, oldest first. */
  flush(): Promise<void> {
    this.flushing ??= this.run().finally(() => (this.flushing = undefined));
    return this.flushing;
  }

  /** Turns pending usage into queued batches; answers them (to be journaled before they are sent). */
  private snapshot(): UsageBatch[] {
    const max = this.options.maxQueuedBatches ?? 100;
    const formed: UsageBatch[] = [];
    while (this.pending.size > 0 && this.queue.length < max) {
      const taken = [...this.pending].slice(0, MAX_ENTRIES_PER_BATCH);
      const keys: string[] = [];
      for (const [key, p] of taken) {
        this.pending.delete(key);
        this.settleOwnerEntry(p);
        if (!keys.includes(p.ownerKey)) keys.push(p.ownerKey);
      }
      const batch = this.batchOf(
        ++this.seq,
        taken.map(([, p]) => p),
        this.takeExits(),
      );
      this.queue.push({ batch, keys });
      formed.push(batch);
    }
    return formed;
  }

  /**
   * Journals the usage not yet in a batch, as the batches it would form now (under the ids they would
   * be sent with), when any came in since the last checkpoint.
   */
  async checkpoint(): Promise<void> {
    const journal = this.options.journal;
    if (!journal || !this.dirty) return;
    this.dirty = false;
    const entries = [...this.pending.values()];
    const exits = [...this.pendingExits].map(([exitId, bytes]) => ({ exit_id: exitId, bytes }));
    const batches: UsageBatch[] = [];
    for (let i = 0, seq = this.seq; i < entries.length; i += MAX_ENTRIES_PER_BATCH) {
      batches.push(this.batchOf(++seq, entries.slice(i, i + MAX_ENTRIES_PER_BATCH), i === 0 ? exits : []));
    }
    await journal.checkpoint(batches);
  }

  /** Batches an earlier process journaled and never had acknowledged: sent first, under their own ids. */
  recover(batches: UsageBatch[]): void {
    const recovered = batches.map((batch) => ({
      batch,
      keys: [...new Set(batch.entries.map((entry) => ownerKeyOf(entry)))],
    }));
    this.queue.unshift(...recovered);
  }

  private batchOf(seq: number, entries: Pending[], exits: ExitUsage[]): UsageBatch {
    const batch: UsageBatch = {
      batch_id: `${this.options.instanceId}:${this.boot}.${seq}`,
      instance_id: this.options.instanceId,
      entries: entries.map((p) => ({
        ...p.owner,
        ...(p.sourceIp === undefined ? {} : { source_ip: p.sourceIp }),
        bytes_up: p.up,
        bytes_down: p.down,
        connections: p.connections,
        tunnels: p.tunnels,
      })),
    };
    if (exits.length > 0) batch.exits = exits;
    return batch;
  }

  private takeExits(): ExitUsage[] {
    const exits = [...this.pendingExits].map(([exitId, bytes]) => ({ exit_id: exitId, bytes }));
    this.pendingExits.clear();
    return exits;
  }

  private settleOwnerEntry(p: Pending): void {
    const owner = this.pendingOwners.get(p.ownerKey);
    if (!owner) return;
    owner.bytes -= p.up + p.down;
    if (--owner.entries === 0) this.pendingOwners.delete(p.ownerKey);
  }

  private async run(): Promise<void> {
    const { journal } = this.options;
    const formed = this.snapshot();
    try {
      // All appended in one go: a checkpoint taken between two of them would be dropped on recovery
      // by the second (a batch record ends the checkpoint before it), losing the usage it held.
      if (journal) await Promise.all(formed.map((batch) => journal.batch(batch)));
    } catch (error) {
      // A journal that cannot be written (a full disk) does not stop billing: the batches are sent.
      this.options.onError?.(error as Error);
    }
    for (let head = this.queue[0]; head; head = this.queue[0]) {
      try {
        await this.options.client.usage(head.batch);
      } catch (error) {
        this.options.onError?.(error as Error);
        return; // stays at the head; the next flush retries it with the same id
      }
      this.queue.shift();
      this.options.onAcked?.(head.keys, head.batch);
      await journal
        ?.acked(head.batch.batch_id)
        .catch((error: unknown) => this.options.onError?.(error as Error));
    }
    if (journal?.oversized) {
      await journal.compact(this.queue.map((q) => q.batch));
      this.dirty = true; // the next checkpoint writes the usage not yet in a batch again
    }
  }

  /** Flushes until everything is acknowledged or the deadline passes (a graceful stop). */
  async drain(deadline: number): Promise<boolean> {
    for (;;) {
      await this.flush();
      if (this.queue.length === 0 && this.pending.size === 0) return true;
      if (Date.now() >= deadline) return false;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}
