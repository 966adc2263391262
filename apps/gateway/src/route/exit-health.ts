import type { Exit, ExitHealthReport } from '@resiport/contract';
import { sameConnections, type ExitPool } from './pool';

interface Record {
  failures: number;
  lastError: string | undefined;
  lastErrorAt: number | undefined;
}

/** Longest error text sent to the server (the contract's bound). */
const MAX_ERROR_TEXT = 500;

/**
 * What this process knows of each exit's health, for the operator's console (decision 030): failures
 * in a row (a success resets them), the last error and when it happened, and the rest the pool gives
 * a failed exit. Reported as a state with relative times, so the server's clock does not matter.
 */
export class ExitHealth {
  private readonly records = new Map<string, Record>();

  constructor(
    private readonly pool: ExitPool,
    private readonly now: () => number = Date.now,
  ) {}

  private recordOf(id: string): Record {
    let record = this.records.get(id);
    if (!record) {
      record = { failures: 0, lastError: undefined, lastErrorAt: undefined };
      this.records.set(id, record);
    }
    return record;
  }

  failed(exit: Exit, error: Error): void {
    const record = this.recordOf(exit.id);
    record.failures++;
    record.lastError = error.message.slice(0, MAX_ERROR_TEXT);
    record.lastErrorAt = this.now();
  }

  succeeded(exit: Exit): void {
    const record = this.records.get(exit.id);
    if (record) record.failures = 0;
  }

  /** Forgets exits that left the pool, and the past of one whose address or credentials changed. */
  replaced(previous: readonly Exit[], next: readonly Exit[]): void {
    const kept = sameConnections(previous, next);
    for (const id of this.records.keys()) if (!kept.has(id)) this.records.delete(id);
  }

  /** One report per exit of the pool. */
  report(): ExitHealthReport[] {
    const now = this.now();
    return this.pool.pool.exits.map((exit) => {
      const record = this.records.get(exit.id);
      return {
        exit_id: exit.id,
        consecutive_failures: record?.failures ?? 0,
        last_error: record?.lastError ?? null,
        error_age_ms: record?.lastErrorAt === undefined ? null : Math.max(0, now - record.lastErrorAt),
        resting_ms: Math.round(this.pool.restingMs(exit.id)),
      };
    });
  }
}
