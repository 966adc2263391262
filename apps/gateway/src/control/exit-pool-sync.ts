import type { Pool } from '@resiport/contract';
import type { ServerClient } from '../server-client';

/**
 * Keeps this process's exit pool the server's (decision 030): loaded at start, and again whenever the
 * change feed says the pool changed (`exits` events), so a console change reaches a running gateway
 * in a feed round trip. Loads never overlap: a change during a load makes one more load after it.
 * A failed load keeps the pool in force and tries again every `retryMs` until the server answers —
 * at start that pool is the process's own (GATEWAY_POOL_FILE or the default), a stopgap only: no
 * customer can sign in without the server anyway.
 */
export class ExitPoolSync {
  private loading: Promise<void> | undefined;
  private again = false;
  private retry: NodeJS.Timeout | undefined;
  private failing = false;
  private stopped = false;

  constructor(
    private readonly options: {
      client: Pick<ServerClient, 'exits'>;
      retryMs: number;
      apply: (pool: Pool) => void;
      onError?: (error: Error) => void;
      /** The server answered again after failing. */
      onRecovered?: () => void;
    },
  ) {}

  /** Loads now; resolves when this load (or the one under way, and the one after it) is done. */
  load(): Promise<void> {
    if (this.loading) {
      this.again = true;
      return this.loading;
    }
    this.loading = this.run().finally(() => (this.loading = undefined));
    return this.loading;
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.retry);
  }

  /** Whether a change came during the load just done (and forgets it). */
  private changedMeanwhile(): boolean {
    const again = this.again && !this.stopped;
    this.again = false;
    return again;
  }

  private async run(): Promise<void> {
    do {
      clearTimeout(this.retry);
      try {
        const pool = await this.options.client.exits();
        if (this.stopped) return;
        this.options.apply(pool);
        if (this.failing) this.options.onRecovered?.();
        this.failing = false;
      } catch (error) {
        if (this.stopped) return;
        // Once per outage, not once per retry.
        if (!this.failing) this.options.onError?.(error as Error);
        this.failing = true;
        this.retry = setTimeout(() => void this.load(), this.options.retryMs);
        this.retry.unref();
      }
    } while (this.changedMeanwhile());
  }
}
