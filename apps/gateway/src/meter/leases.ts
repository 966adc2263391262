import { LEASE_TTL_SECONDS, MAX_LEASE_BYTES } from '@resiport/contract';
import type { TrafficOwner } from '@resiport/contract';
import type { ServerClient } from '../server-client';
import { dropCredit, OwnerCredit, type CreditKeeper, type LeaseRefusal } from './owner-credit';

/**
 * Local traffic credit per owner, reserved from the server in leases (docs/architecture.md#gateway-principles; decision 015:
 * granted units, re-authorisation, final-unit indication). Credit is spent on the data path, chunk
 * by chunk, as tunnels read (`OwnerCredit.spend`), never on a timer:
 * - below half a lease a renewal is asked for in the background, sized to the owner's pace;
 * - at zero the owner's tunnels are held (they stop reading both ways) until the renewal lands;
 * - when the server has nothing more, they are closed.
 * So what one process delivers beyond an owner's traffic is the chunk each tunnel had in hand when
 * the credit ran out: at most one read buffer per tunnel (CREDIT_OVERDRAW_BYTES_PER_TUNNEL).
 */

export type { LeaseRefusal };

/** What the credit does to the owner's tunnels (the meter holds them). */
export interface CreditHooks {
  /** Credit is gone and a renewal is on its way: stop reading. */
  hold(ownerKey: string): void;
  /** Credit is back: read again. */
  release(ownerKey: string): void;
  /** Nothing is left, or the owner may not spend any more: close the tunnels. */
  cut(ownerKey: string, reason: LeaseRefusal): void;
  hasTunnels(ownerKey: string): boolean;
}

export interface LeasesOptions extends CreditHooks {
  client: ServerClient;
  minBytes: number;
  maxBytes: number;
  now?: () => number;
  /** The server says the owner is revoked (deleted, disabled): also forget cached credentials. */
  onRevoked: (owner: TrafficOwner) => void;
  onRenewal?: (granted: number) => void;
  onError?: (error: Error) => void;
}

/** A lease that lasted less than this doubles the next one (a busy owner, fewer round trips). */
const FAST_LEASE_MS = 2000;
/** A lease is sized to last about this long at the owner's pace (a fast owner reaches it at once). */
const PACED_LEASE_MS = 2000;
/** A lease that lasted more than this halves the next one (a slow owner holds less). */
const SLOW_LEASE_MS = 20_000;
/** After "nothing left" the answer is remembered this long, so new connections do not hammer the server. */
const DRY_MS = 1000;
/**
 * The server voids a lease LEASE_TTL_SECONDS after its last grant or usage report; we stop trusting it
 * 30 s earlier, so local credit never outlives the server's reservation (clock skew, a slow report).
 */
const LEASE_TRUST_MS = LEASE_TTL_SECONDS * 1000 - 30_000;

export class Leases implements CreditKeeper {
  private readonly credits = new Map<string, OwnerCredit>();
  private readonly now: () => number;

  constructor(private readonly options: LeasesOptions) {
    this.now = options.now ?? Date.now;
  }

  /** The owner's credit record (created empty: the first `acquire` reserves). */
  of(owner: TrafficOwner, key: string): OwnerCredit {
    let credit = this.credits.get(key);
    if (!credit) {
      credit = new OwnerCredit(owner, key, this, this.options.minBytes, this.now());
      this.credits.set(key, credit);
    }
    return credit;
  }

  /**
   * Makes sure the owner has credit before a tunnel opens; a refusal otherwise. An owner with credit
   * in hand (every repeat connection of a busy owner) is answered at once, without a promise.
   */
  acquire(owner: TrafficOwner, key: string): Promise<LeaseRefusal | undefined> | undefined {
    const credit = this.of(owner, key);
    credit.usedAt = this.now();
    this.distrustIfOld(credit);
    if (credit.credit > 0) return undefined;
    return this.acquireLater(credit);
  }

  private async acquireLater(credit: OwnerCredit): Promise<LeaseRefusal | undefined> {
    if (!credit.renewing && credit.exhausted && credit.dryUntil > this.now()) return credit.refusal;
    await (credit.renewing ?? this.renew(credit));
    return credit.credit > 0 ? undefined : credit.refusal;
  }

  /** The credit fell below its low-water mark (called from `OwnerCredit.spend`). */
  low(credit: OwnerCredit): void {
    if (credit.credit > 0) {
      if (!credit.exhausted && !credit.renewing) void this.renew(credit);
      return;
    }
    if (!credit.held) {
      credit.held = true;
      this.options.hold(credit.key);
    }
    if (credit.renewing) return; // its answer decides
    if (credit.exhausted && credit.dryUntil > this.now()) return this.cut(credit, credit.refusal);
    void this.renew(credit);
  }

  unhold(credit: OwnerCredit): void {
    credit.held = false;
    this.options.release(credit.key);
  }

  private cut(credit: OwnerCredit, reason: LeaseRefusal): void {
    credit.held = false;
    this.options.cut(credit.key, reason);
  }

  /** The server extended these owners' leases (it applied a usage batch naming them). */
  touch(keys: Iterable<string>): void {
    const now = this.now();
    for (const key of keys) {
      const credit = this.credits.get(key);
      if (credit) credit.touchedAt = now;
    }
  }

  /**
   * Periodic upkeep (the meter tick, not the data path): credit older than the server's trust window
   * is dropped, and owners with tunnels count as used.
   */
  upkeep(): void {
    const now = this.now();
    for (const credit of this.credits.values()) {
      if (!this.options.hasTunnels(credit.key)) continue;
      credit.usedAt = now;
      if (this.distrustIfOld(credit)) this.low(credit);
    }
  }

  /** Drops credit the server will have voided by now (no grant or acknowledged report for too long). */
  private distrustIfOld(credit: OwnerCredit): boolean {
    if (credit.credit <= 0 || this.now() - credit.touchedAt <= LEASE_TRUST_MS) return false;
    dropCredit(credit);
    return true;
  }

  /**
   * The change feed says the server voided the owner's leases up to `leaseId` (recycled, deleted,
   * disabled, new password): the credit they backed is gone at once. With tunnels still open (a
   * recycle leaves them running) a fresh lease is asked for, from what the owner has now.
   */
  voided(match: (owner: TrafficOwner) => boolean, leaseId: number): void {
    for (const credit of this.credits.values()) {
      if (!match(credit.owner)) continue;
      credit.voidedUpTo = Math.max(credit.voidedUpTo, leaseId);
      if (credit.leaseId === undefined || credit.leaseId > leaseId) continue;
      dropCredit(credit);
      credit.exhausted = false;
      credit.dryUntil = 0;
      // After the rest of the feed page: a void that came with a new password, a delete or a disable
      // is followed by that change, which cuts the owner's tunnels; only tunnels still open renew.
      queueMicrotask(() => {
        if (this.options.hasTunnels(credit.key)) this.low(credit);
      });
    }
  }

  private renew(credit: OwnerCredit): Promise<void> {
    const run = async () => {
      const now = this.now();
      this.resize(credit, now);
      credit.asked = true;
      try {
        // Bytes already spent beyond the credit are asked for too: the server bills them from this grant.
        const want = Math.min(credit.want + Math.max(0, -credit.credit), MAX_LEASE_BYTES);
        const answer = await this.options.client.lease(credit.owner, want);
        this.options.onRenewal?.(answer.granted_bytes);
        const at = this.now();
        if (answer.revoked) {
          const refusal = answer.stop === 'expired' ? 'expired' : 'disabled';
          credit.credit = Math.min(credit.credit, 0);
          credit.exhausted = true;
          this.dry(credit, refusal, at);
          this.options.onRevoked(credit.owner);
          return this.cut(credit, refusal);
        }
        // A grant to a lease the change feed already voided is gone on the server: do not spend it.
        credit.spentAtGrant = credit.grantedTotal - credit.credit;
        if (answer.lease_id > credit.voidedUpTo) {
          credit.grantedTotal += answer.granted_bytes;
          credit.credit += answer.granted_bytes;
          credit.leaseId = answer.lease_id;
          credit.touchedAt = at;
        }
        if (answer.granted_bytes > 0) credit.lastGrantAt = at;
        credit.exhausted = answer.exhausted;
        if (credit.exhausted) this.dry(credit, answer.stop === 'cap' ? 'cap_reached' : 'no_traffic', at);
        else credit.dryUntil = 0;
        this.settleHold(credit);
      } catch (error) {
        this.options.onError?.(error as Error);
        // Fail closed: without an answer we cannot know there is traffic, but we keep what we hold.
        this.dry(credit, 'server_unavailable', this.now());
        credit.exhausted = true;
        if (credit.credit <= 0) this.cut(credit, 'server_unavailable');
      }
    };
    const promise = run().finally(() => {
      credit.renewing = undefined;
      // Spent past the low-water mark while the answer was on its way (a fast owner), or the grant
      // did not cover the debt: ask again now, unless nothing more is to come.
      if (!credit.exhausted && credit.credit < credit.lowWater && this.options.hasTunnels(credit.key)) {
        void this.renew(credit);
      }
    });
    credit.renewing = promise;
    return promise;
  }

  /** After an answer: release held tunnels when there is credit, close them when there is none to come. */
  private settleHold(credit: OwnerCredit): void {
    if (credit.credit > 0) {
      if (credit.held) this.unhold(credit);
    } else if (credit.exhausted) {
      this.cut(credit, credit.refusal);
    }
  }

  /**
   * Leases follow the owner's pace: at least what it spent per PACED_LEASE_MS since the last grant
   * (a fast download gets a large lease at its first renewal instead of doubling up to it), doubled
   * when one went fast, halved when one lasted long; between the configured minimum and maximum.
   */
  private resize(credit: OwnerCredit, now: number): void {
    if (credit.lastGrantAt > 0) {
      const lasted = Math.max(now - credit.lastGrantAt, 1);
      const spent = credit.grantedTotal - credit.credit - credit.spentAtGrant;
      const paced = (spent / lasted) * PACED_LEASE_MS;
      let want = credit.want;
      if (lasted < FAST_LEASE_MS) want = Math.max(want * 2, paced);
      else if (lasted > SLOW_LEASE_MS) want = Math.max(want / 2, paced);
      credit.want = Math.round(Math.min(Math.max(want, this.options.minBytes), this.options.maxBytes));
    }
    credit.lowWater = credit.want / 2;
  }

  private dry(credit: OwnerCredit, refusal: LeaseRefusal, now: number): void {
    credit.refusal = refusal;
    credit.dryUntil = now + DRY_MS;
  }

  /** Owners that asked for a lease and have not been used for `idleMs`. */
  idle(idleMs: number): string[] {
    const before = this.now() - idleMs;
    return [...this.credits.values()]
      .filter((c) => c.usedAt < before && !c.renewing && !this.options.hasTunnels(c.key))
      .map((c) => c.key);
  }

  /** Gives the owner's lease back to the server (unused bytes return to the owner). */
  async release(key: string): Promise<void> {
    const credit = this.credits.get(key);
    if (!credit || credit.renewing) return;
    this.credits.delete(key);
    if (credit.asked) await this.options.client.release(credit.owner);
  }

  async releaseAll(): Promise<void> {
    await Promise.all([...this.credits.values()].map((c) => c.renewing ?? Promise.resolve()));
    const keys = [...this.credits.keys()];
    await Promise.all(
      keys.map((key) => this.release(key).catch((e: unknown) => this.options.onError?.(e as Error))),
    );
  }

  creditOf(key: string): number | undefined {
    return this.credits.get(key)?.credit;
  }
}
