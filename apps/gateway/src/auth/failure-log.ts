import type { Refusal } from '../refusals';

/** What one summary says: failures since the last one, by reason, and the addresses failing most. */
export interface AuthFailureSummary {
  total: number;
  byReason: Partial<Record<Refusal, number>>;
  topSources: { ip: string; failures: number }[];
}

const TOP_SOURCES = 5;
/** Addresses counted per period; beyond it the rest still count in the totals. */
const MAX_SOURCES = 10_000;

/**
 * Proxy sign-in failures as security events an operator can alert on (decision 021): summed per
 * period and logged as one line, since a guessing run would otherwise write one line per guess.
 * `auth_required` is not a failure: every Basic-auth client asks without credentials first.
 * Never holds a username or password, only the refusal reason and the source address.
 */
export class AuthFailureLog {
  private byReason = new Map<Refusal, number>();
  private bySource = new Map<string, number>();
  private total = 0;

  record(reason: Refusal, sourceIp: string): void {
    if (reason === 'auth_required') return;
    this.total += 1;
    this.byReason.set(reason, (this.byReason.get(reason) ?? 0) + 1);
    const seen = this.bySource.get(sourceIp);
    if (seen !== undefined || this.bySource.size < MAX_SOURCES) this.bySource.set(sourceIp, (seen ?? 0) + 1);
  }

  /** The failures since the last call (then forgotten), or null when there were none. */
  take(): AuthFailureSummary | null {
    if (this.total === 0) return null;
    const summary: AuthFailureSummary = {
      total: this.total,
      byReason: Object.fromEntries(this.byReason),
      topSources: [...this.bySource]
        .sort((a, b) => b[1] - a[1])
        .slice(0, TOP_SOURCES)
        .map(([ip, failures]) => ({ ip, failures })),
    };
    this.byReason = new Map();
    this.bySource = new Map();
    this.total = 0;
    return summary;
  }
}
