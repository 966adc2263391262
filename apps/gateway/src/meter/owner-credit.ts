import type { TrafficOwner } from '@resiport/contract';

/**
 * Why an owner's tunnels may not carry: its traffic ran out, a sub-account's cap is reached, it may
 * not spend (disabled, or past its last day), or the server is away.
 */
export type LeaseRefusal = 'no_traffic' | 'cap_reached' | 'disabled' | 'expired' | 'server_unavailable';

/** What a credit tells the lease keeper (`Leases`): it ran low, or it has credit again while held. */
export interface CreditKeeper {
  low(credit: OwnerCredit): void;
  unhold(credit: OwnerCredit): void;
}

/** One owner's credit in this process. Tunnels hold a reference and call `spend` per chunk. */
export class OwnerCredit {
  /** Bytes this process may still move for the owner (negative: spent beyond, asked for at renewal). */
  credit = 0;
  /** The server lease backing the credit, and the highest lease id the change feed voided. */
  leaseId: number | undefined;
  voidedUpTo = 0;
  want: number;
  lowWater: number;
  lastGrantAt = 0;
  /** Every byte granted to this process for the owner, and how many of them were spent at the last grant. */
  grantedTotal = 0;
  spentAtGrant = 0;
  /** Last grant or acknowledged usage report (both extend the lease on the server). */
  touchedAt = 0;
  /** The last answer said nothing more is left: ask again only once the credit is gone. */
  exhausted = false;
  /** The owner's tunnels are held for credit. */
  held = false;
  dryUntil = 0;
  refusal: LeaseRefusal = 'no_traffic';
  renewing: Promise<void> | undefined;
  asked = false;
  usedAt: number;

  constructor(
    readonly owner: TrafficOwner,
    readonly key: string,
    private readonly leases: CreditKeeper,
    want: number,
    now: number,
  ) {
    this.want = want;
    this.lowWater = want / 2;
    this.usedAt = now;
  }

  /** The data path: bytes a tunnel just read. One subtraction and a compare unless the credit is low. */
  spend(bytes: number): void {
    this.credit -= bytes;
    if (this.credit < this.lowWater) this.leases.low(this);
  }

  /**
   * Corrects the credit by what the meter billed against what the data path spent (handshakes are
   * billed but not read by a tunnel; bytes read but never written to an aborted client are refunded).
   */
  adjust(spentMinusBilled: number): void {
    if (spentMinusBilled === 0) return;
    if (spentMinusBilled < 0) return this.spend(-spentMinusBilled);
    this.credit += spentMinusBilled;
    if (this.held && this.credit > 0) this.leases.unhold(this);
  }
}

/** The credit of a lease that is no longer ours: gone, and not counted as spent (the pace). */
export function dropCredit(credit: OwnerCredit): void {
  credit.grantedTotal -= Math.max(credit.credit, 0);
  credit.credit = 0;
  credit.leaseId = undefined;
}
