import type { TrafficOwner } from '@resiport/contract';

/**
 * Gathers per-owner calls a process makes — lease renewals into `leases` calls, releases into
 * `releases` calls (decision 044) — so calls asked in the same turn of the event loop go together,
 * and while `maxInFlight` calls are out, new ones wait and leave together as soon as one comes back.
 * A quiet process sends each at once (one round trip, as before); a busy one — or one giving back
 * thousands of leases as it stops — sends a few calls per round trip instead of one per owner. Each
 * owner appears once per call (a second one for the same owner, which `Leases` never makes, leaves in
 * the next call).
 */
interface Waiting<Wish, Answer> {
  wish: Wish;
  resolve: (answer: Answer) => void;
  reject: (error: unknown) => void;
}

export class OwnerCallBatcher<Wish extends { owner: TrafficOwner }, Answer> {
  private queue: Waiting<Wish, Answer>[] = [];
  private inFlight = 0;
  private scheduled = false;

  constructor(
    private readonly send: (wishes: Wish[]) => Promise<Answer[]>,
    private readonly limits: { maxBatch: number; maxInFlight: number },
  ) {}

  ask(wish: Wish): Promise<Answer> {
    return new Promise<Answer>((resolve, reject) => {
      this.queue.push({ wish, resolve, reject });
      this.schedule();
    });
  }

  /** Calls waiting to leave (the gauge of a server that answers slower than renewals come). */
  get waiting(): number {
    return this.queue.length;
  }

  private schedule(): void {
    if (this.scheduled || this.inFlight >= this.limits.maxInFlight || this.queue.length === 0) return;
    this.scheduled = true;
    // Renewals asked in this turn (a meter tick spends many owners' credit at once) leave together.
    setImmediate(() => {
      this.scheduled = false;
      this.flush();
    });
  }

  private flush(): void {
    while (this.inFlight < this.limits.maxInFlight && this.queue.length > 0) {
      const batch = this.takeBatch();
      this.inFlight++;
      void this.sendBatch(batch).finally(() => {
        this.inFlight--;
        this.schedule();
      });
    }
  }

  /** Up to `maxBatch` waiting renewals, each owner once, in the order they were asked. */
  private takeBatch(): Waiting<Wish, Answer>[] {
    const batch: Waiting<Wish, Answer>[] = [];
    const rest: Waiting<Wish, Answer>[] = [];
    const owners = new Set<string>();
    for (const waiting of this.queue) {
      const { owner } = waiting.wish;
      const key = `${owner.account_id}/${owner.subaccount_id}`;
      if (batch.length < this.limits.maxBatch && !owners.has(key)) {
        owners.add(key);
        batch.push(waiting);
      } else {
        rest.push(waiting);
      }
    }
    this.queue = rest;
    return batch;
  }

  private async sendBatch(batch: Waiting<Wish, Answer>[]): Promise<void> {
    try {
      const answers = await this.send(batch.map((waiting) => waiting.wish));
      if (answers.length !== batch.length) {
        throw new Error('the server answered a different number of owners');
      }
      batch.forEach((waiting, i) => waiting.resolve(answers[i] as Answer));
    } catch (error) {
      for (const waiting of batch) waiting.reject(error);
    }
  }
}
