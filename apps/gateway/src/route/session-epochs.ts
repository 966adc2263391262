import type { TrafficOwner } from '@resiport/contract';
import type { Session } from '../auth/username';
import type { SessionAnswer } from '../server-client';

/**
 * The epoch of each sticky session, as the server keeps it (decision 016): a session lasts its
 * `sesstime` from its first use on any gateway process, and every process hashes the same epoch, so
 * they all pick the same exit until it ends. The answer is cached here until it runs out, counted
 * from when it was asked with this process's clock (`expires_in_ms` is relative, so the machines'
 * clocks need not agree; the call's latency only makes us ask again a little early).
 *
 * When the server cannot be asked, this process keeps a local first-use record for the session's
 * time instead: still sticky within the process, but another process may then pick another exit.
 */

export type AskSession = (owner: TrafficOwner, sessionId: string, minutes: number) => Promise<SessionAnswer>;

interface KnownEpoch {
  epoch: string;
  /** This process's clock. */
  until: number;
}

/** Expired entries are swept after this many new ones (the map stays about as big as the live sessions). */
const SWEEP_EVERY = 1024;

/** `account:sub` or `account:main` (authenticator's `ownerKeyOf`) back to the owner. */
export function ownerOfKey(ownerKey: string): TrafficOwner {
  const [account = '', sub = ''] = ownerKey.split(':');
  return { account_id: Number(account), subaccount_id: sub === 'main' ? null : Number(sub) };
}

export class SessionEpochs {
  private readonly known = new Map<string, KnownEpoch>();
  private readonly asking = new Map<string, Promise<string>>();
  private added = 0;

  constructor(
    private readonly options: {
      ask: AskSession;
      now?: () => number;
      onError?: (error: Error) => void;
    },
  ) {}

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  /** The session's current epoch; one server call per session per process at a time. */
  epoch(ownerKey: string, session: Session): Promise<string> {
    const key = `${ownerKey}:${session.id}`;
    const known = this.known.get(key);
    if (known && this.now() < known.until) return Promise.resolve(known.epoch);
    const pending = this.asking.get(key);
    if (pending) return pending;
    const asked = this.ask(key, ownerKey, session).finally(() => this.asking.delete(key));
    this.asking.set(key, asked);
    return asked;
  }

  private async ask(key: string, ownerKey: string, session: Session): Promise<string> {
    const askedAt = this.now();
    let known: KnownEpoch;
    try {
      const answer = await this.options.ask(ownerOfKey(ownerKey), session.id, session.minutes);
      known = { epoch: String(answer.epoch), until: askedAt + answer.expires_in_ms };
    } catch (error) {
      this.options.onError?.(error as Error);
      // `local-…` never equals a server epoch, so the two never share a hash key.
      known = { epoch: `local-${askedAt}`, until: askedAt + session.minutes * 60_000 };
    }
    this.remember(key, known);
    return known.epoch;
  }

  private remember(key: string, known: KnownEpoch): void {
    this.known.set(key, known);
    if (++this.added % SWEEP_EVERY !== 0) return;
    const now = this.now();
    for (const [k, v] of this.known) if (v.until <= now) this.known.delete(k);
  }

  get size(): number {
    return this.known.size;
  }
}
