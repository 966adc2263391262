import { BoundedMap } from './bounded-map';

/**
 * Failed logins, counted so that guessing is slow and a failure only ever costs the address that
 * failed (decision 041, which replaces the scheme of decision 018):
 *
 * - per (source IP, name): `pairFailures` failures are free, then each further failure opens a
 *   refusal window (`backoffMs`, doubling up to `backoffMaxMs`) during which that pair is refused
 *   without a check.
 * - per source IP, across names (spraying): `addressFailures` failures are free, then the address
 *   gets the same doubling windows, during which it is refused for every name it has not logged in
 *   with lately (known-good pairs: a customer behind that address goes on).
 * - per sub-account, across addresses (distributed guessing): a token bucket of `userFailures`
 *   refilled over `userWindowMs`. Once empty the user is under attack, and its pairs lose their free
 *   failures: each wrong password opens the pair's window at once. A pair that has not failed is
 *   checked as usual, so the right password from any address that did not fail still gets in.
 *
 * Refused attempts are not failures: they do not lengthen a window nor drain a bucket. Every map is
 * bounded (`maxTracked`); the least recently written entry goes first.
 */
export interface ThrottleLimits {
  pairFailures: number;
  backoffMs: number;
  backoffMaxMs: number;
  /** A pair's (or an address's) failures are forgotten after this long without another one. */
  pairForgetMs: number;
  /** Failures from one address, across names, before it backs off for names it has not logged in with. */
  addressFailures: number;
  userFailures: number;
  userWindowMs: number;
  knownGoodMs: number;
  maxTracked: number;
}

interface FailureRecord {
  failures: number;
  last: number;
  blockedUntil: number;
}

interface UserBucket {
  tokens: number;
  at: number;
}

const pairKey = (ip: string, name: string) => `${ip} ${name}`;
const KNOWN_GOOD_REFRESH_MS = 1000;

export class LoginThrottle {
  private readonly pairs: BoundedMap<FailureRecord>;
  private readonly addresses: BoundedMap<FailureRecord>;
  private readonly users: BoundedMap<UserBucket>;
  /** When each (ip, sub-account) pair last logged in with the right password. */
  private readonly knownGood: BoundedMap<number>;

  constructor(
    private readonly limits: ThrottleLimits,
    private readonly now: () => number = Date.now,
  ) {
    this.pairs = new BoundedMap(limits.maxTracked);
    this.addresses = new BoundedMap(limits.maxTracked);
    this.users = new BoundedMap(limits.maxTracked);
    this.knownGood = new BoundedMap(limits.maxTracked);
  }

  /** False while this pair, or its address for a name it has not logged in with, sits in a refusal window. */
  mayTry(ip: string, name: string): boolean {
    const now = this.now();
    if (!free(this.pairs.get(pairKey(ip, name)), now)) return false;
    return free(this.addresses.get(ip), now) || this.isKnownGood(ip, name);
  }

  underAttack(subuser: string): boolean {
    return this.userLevel(subuser) < 1;
  }

  isKnownGood(ip: string, subuser: string): boolean {
    const at = this.knownGood.get(pairKey(ip, subuser));
    return at !== undefined && this.now() - at < this.limits.knownGoodMs;
  }

  /** A malformed or unknown name: this (address, name) pair and the address pay. */
  failedName(ip: string, name: string): void {
    this.failed(this.pairs, pairKey(ip, name), this.limits.pairFailures);
    this.failed(this.addresses, ip, this.limits.addressFailures);
  }

  /**
   * A wrong password of an existing sub-account: the pair, the address and the sub-account's bucket
   * pay; while the sub-account is under attack the pair has no free failures left.
   */
  failedPassword(ip: string, subuser: string): void {
    const level = this.userLevel(subuser);
    this.users.set(subuser, { tokens: Math.max(0, level - 1), at: this.now() });
    this.failed(this.pairs, pairKey(ip, subuser), level < 1 ? 0 : this.limits.pairFailures);
    this.failed(this.addresses, ip, this.limits.addressFailures);
  }

  /** The right password: the pair's failures are forgiven and it counts as known-good. */
  succeeded(ip: string, subuser: string): void {
    const key = pairKey(ip, subuser);
    this.pairs.delete(key);
    const now = this.now();
    // A client opening a tunnel per request succeeds many times a second: re-marking it once a
    // second keeps it known-good just as well without rewriting the map on every connection.
    const at = this.knownGood.get(key);
    if (at === undefined || now - at >= KNOWN_GOOD_REFRESH_MS) this.knownGood.set(key, now);
  }

  /** The refusal window the `failures`-th failure opens when `freeFailures` are free (0 while still free). */
  windowAfter(failures: number, freeFailures = this.limits.pairFailures): number {
    const { backoffMs, backoffMaxMs } = this.limits;
    if (failures < freeFailures) return 0;
    // The first window is `backoffMs`, whether it opens at the 10th failure or (under attack) the 1st.
    return Math.min(backoffMaxMs, backoffMs * 2 ** (failures - Math.max(freeFailures, 1)));
  }

  private failed(records: BoundedMap<FailureRecord>, key: string, freeFailures: number): void {
    const now = this.now();
    const record = records.get(key);
    const failures = record && now - record.last < this.limits.pairForgetMs ? record.failures + 1 : 1;
    const window = this.windowAfter(failures, freeFailures);
    records.set(key, { failures, last: now, blockedUntil: window > 0 ? now + window : 0 });
  }

  private userLevel(subuser: string): number {
    const { userFailures, userWindowMs } = this.limits;
    const bucket = this.users.get(subuser);
    if (!bucket) return userFailures;
    return Math.min(userFailures, bucket.tokens + ((this.now() - bucket.at) * userFailures) / userWindowMs);
  }

  /** Entries held, per map (the bound is tested). */
  get tracked(): { pairs: number; addresses: number; users: number; knownGood: number } {
    return {
      pairs: this.pairs.size,
      addresses: this.addresses.size,
      users: this.users.size,
      knownGood: this.knownGood.size,
    };
  }
}

/** Not in a refusal window (or never failed). */
function free(record: FailureRecord | undefined, now: number): boolean {
  return record === undefined || record.blockedUntil <= now;
}
