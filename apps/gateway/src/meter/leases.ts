import { LEASE_TTL_SECONDS, MAX_LEASE_BYTES } from '@resiport/contract';
import type { TrafficOwner } from '@resiport/contract';
import type { ServerClient } from '../server-client';

/**
 * Local traffic credit per owner, reserved from the server in leases (design §8, gateway-anchors §6:
 * granted units, re-authorisation, final-unit indication). A tunnel opens only while its owner has
 * credit; the meter spends it every tick; below a low-water mark a renewal is asked for in the
 * background. When the credit is gone and the server grants nothing more, the owner is cut. So a
 * process can overspend an owner by at most what its tunnels move in one tick after the credit ran
 * out — across any number of processes, each bounded the same way.
 */

export type LeaseRefusal = 'no_traffic' | 'disabled' | 'server_unavailable';

export interface LeasesOptions {
  client: ServerClient;
  minBytes: number;
  maxBytes: number;
  now?: () => number;
  /** Destroy the owner's tunnels: nothing is left to spend, or the owner may not spend any more. */
  onCut: (ownerKey: string, reason: LeaseRefusal) => void;
  /** The server says the owner is revoked (deleted, disabled): also forget cached credentials. */
  onRevoked: (owner: TrafficOwner) => void;
  onRenewal?: (granted: number) => void;
  onError?: (error: Error) => void;
}

/** A lease that doubled its size when it lasted less than this (busy owner, fewer round trips). */
const FAST_LEASE_MS = 2000;
/** After "nothing left" the answer is remembered this long, so new connections do not hammer the server. */
const DRY_MS = 1000;
/**
 * The server voids a lease LEASE_TTL_SECONDS after its last grant or usage report; we stop trusting it
 * 30 s earlier, so local credit never outlives the server's reservation (clock skew, a slow report).
 */
const LEASE_TRUST_MS = LEASE_TTL_SECONDS * 1000 - 30_000;

interface OwnerLease {
  owner: TrafficOwner;
  key: string;
  credit: number;
  want: number;
  lastGrantAt: number;
  /** Last grant or acknowledged usage report (both extend the lease on the server). */
  touchedAt: number;
  /** The last renewal gave less than asked (nothing more is left): ask again only when the credit is gone. */
  exhausted: boolean;
  dryUntil: number;
  refusal: LeaseRefusal;
  renewing: Promise<void> | undefined;
  asked: boolean;
  usedAt: number;
}

export class Leases {
  private readonly leases = new Map<string, OwnerLease>();
  private readonly now: () => number;

  constructor(private readonly options: LeasesOptions) {
    this.now = options.now ?? Date.now;
  }

  private entry(owner: TrafficOwner, key: string): OwnerLease {
    let lease = this.leases.get(key);
    if (!lease) {
      lease = {
        owner,
        key,
        credit: 0,
        want: this.options.minBytes,
        lastGrantAt: 0,
        touchedAt: 0,
        exhausted: false,
        dryUntil: 0,
        refusal: 'no_traffic',
        renewing: undefined,
        asked: false,
        usedAt: this.now(),
      };
      this.leases.set(key, lease);
    }
    return lease;
  }

  /** Makes sure the owner has credit before a tunnel opens; a refusal otherwise. */
  async acquire(owner: TrafficOwner, key: string): Promise<LeaseRefusal | undefined> {
    const lease = this.entry(owner, key);
    lease.usedAt = this.now();
    this.distrustIfOld(lease);
    if (lease.credit > 0) return undefined;
    if (lease.dryUntil > this.now()) return lease.refusal;
    await (lease.renewing ?? this.renew(lease));
    return lease.credit > 0 ? undefined : lease.refusal;
  }

  /** Spends metered bytes; renews below the low-water mark, cuts when dry. */
  spend(key: string, bytes: number): void {
    const lease = this.leases.get(key);
    if (!lease) return;
    lease.credit -= bytes;
    lease.usedAt = this.now();
    this.distrustIfOld(lease);
    if (lease.renewing) return;
    if (lease.credit > 0) {
      if (!lease.exhausted && lease.credit < this.lowWater(lease)) void this.renew(lease);
      return;
    }
    if (lease.dryUntil > this.now()) this.options.onCut(key, lease.refusal);
    else void this.renew(lease);
  }

  /** The server extended these owners' leases (it applied a usage batch naming them). */
  touch(keys: Iterable<string>): void {
    const now = this.now();
    for (const key of keys) {
      const lease = this.leases.get(key);
      if (lease) lease.touchedAt = now;
    }
  }

  private lowWater(lease: OwnerLease): number {
    return lease.want / 4;
  }

  private distrustIfOld(lease: OwnerLease): void {
    if (lease.credit > 0 && this.now() - lease.touchedAt > LEASE_TRUST_MS) lease.credit = 0;
  }

  private renew(lease: OwnerLease): Promise<void> {
    const run = async () => {
      const now = this.now();
      if (lease.lastGrantAt > 0 && now - lease.lastGrantAt < FAST_LEASE_MS) {
        lease.want = Math.min(lease.want * 2, this.options.maxBytes);
      }
      lease.asked = true;
      try {
        // Bytes already spent beyond the credit (a fast download between two ticks) are asked for too:
        // the server bills them from this grant, so without them the owner would stay in debt.
        const want = Math.min(lease.want + Math.max(0, -lease.credit), MAX_LEASE_BYTES);
        const answer = await this.options.client.lease(lease.owner, want);
        this.options.onRenewal?.(answer.granted_bytes);
        const at = this.now();
        if (answer.revoked) {
          lease.credit = Math.min(lease.credit, 0);
          this.dry(lease, 'disabled', at);
          this.options.onRevoked(lease.owner);
          this.options.onCut(lease.key, 'disabled');
          return;
        }
        lease.credit += answer.granted_bytes;
        lease.touchedAt = at;
        if (answer.granted_bytes > 0) lease.lastGrantAt = at;
        // The server grants min(want, left): less than asked means the owner has nothing more.
        lease.exhausted = answer.granted_bytes < want;
        if (lease.exhausted) this.dry(lease, 'no_traffic', at);
        else lease.dryUntil = 0;
        if (lease.credit <= 0 && lease.exhausted) this.options.onCut(lease.key, 'no_traffic');
      } catch (error) {
        this.options.onError?.(error as Error);
        // Fail closed: without an answer we cannot know there is traffic, but we keep what we hold.
        this.dry(lease, 'server_unavailable', this.now());
        if (lease.credit <= 0) this.options.onCut(lease.key, 'server_unavailable');
      }
    };
    const promise = run().finally(() => {
      lease.renewing = undefined;
    });
    lease.renewing = promise;
    return promise;
  }

  private dry(lease: OwnerLease, refusal: LeaseRefusal, now: number): void {
    lease.refusal = refusal;
    lease.dryUntil = now + DRY_MS;
  }

  /** Owners that asked for a lease and have not been used for `idleMs`. */
  idle(idleMs: number): string[] {
    const before = this.now() - idleMs;
    return [...this.leases.values()].filter((l) => l.usedAt < before && !l.renewing).map((l) => l.key);
  }

  /** Gives the owner's lease back to the server (unused bytes return to the owner). */
  async release(key: string): Promise<void> {
    const lease = this.leases.get(key);
    if (!lease || lease.renewing) return;
    this.leases.delete(key);
    if (lease.asked) await this.options.client.release(lease.owner);
  }

  async releaseAll(): Promise<void> {
    await Promise.all([...this.leases.values()].map((l) => l.renewing ?? Promise.resolve()));
    const keys = [...this.leases.keys()];
    await Promise.all(
      keys.map((key) => this.release(key).catch((e: unknown) => this.options.onError?.(e as Error))),
    );
  }

  creditOf(key: string): number | undefined {
    return this.leases.get(key)?.credit;
  }
}
