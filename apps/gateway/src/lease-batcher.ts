import type { TrafficOwner } from '@resiport/contract';

/**
 * Gathers the lease renewals a process asks for into `leases` calls (decision 044): renewals asked
 * in the same turn of the event loop go together, and while `maxInFlight` calls are out, new ones
 * wait and leave together as soon as one comes back. A quiet process sends each renewal at once (one
 * round trip, as before); a busy one sends a few calls per round trip instead of one per owner, and
 * the server grants each call set-based. Each owner appears once per call (a second renewal of the
 * same owner, which `Leases` never asks for, leaves in the next call).
 */
export interface LeaseWish {
  owner: TrafficOwner;
  wantBytes: number;
}

interface Waiting<Answer> extends LeaseWish {
  resolve: (answer: Answer) => void;
  reject: (error: unknown) => void;
}

export class LeaseBatcher<Answer> {
  private queue: Waiting<Answer>[] = [];
  private inFlight = 0;
  private scheduled = false;

  constructor(
    private readonly send: (wishes: LeaseWish[]) => Promise<Answer[]>,
    private readonly limits: { maxBatch: number; maxInFlight: number },
  ) {}

  ask(owner: TrafficOwner, wantBytes: number): Promise<Answer> {
    return new Promise<Answer>((resolve, reject) => {
      this.queue.push({ owner, wantBytes, resolve, reject });
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
  private takeBatch(): Waiting<Answer>[] {
    const batch: Waiting<Answer>[] = [];
    const rest: Waiting<Answer>[] = [];
    const owners = new Set<string>();
    for (const wish of this.queue) {
      const key = `${wish.owner.account_id}/${wish.owner.subaccount_id}`;
      if (batch.length < this.limits.maxBatch && !owners.has(key)) {
        owners.add(key);
        batch.push(wish);
      } else {
        rest.push(wish);
      }
    }
    this.queue = rest;
    return batch;
  }

  private async sendBatch(batch: Waiting<Answer>[]): Promise<void> {
    try {
      const answers = await this.send(batch.map(({ owner, wantBytes }) => ({ owner, wantBytes })));
      if (answers.length !== batch.length) {
        throw new Error('the server answered a different number of leases');
      }
      batch.forEach((wish, i) => wish.resolve(answers[i] as Answer));
    } catch (error) {
      for (const wish of batch) wish.reject(error);
    }
  }
}
