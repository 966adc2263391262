import { BoundedMap } from './bounded-map';

/**
 * Failed logins, counted so that guessing is slow and a failure only ever costs the one who failed
 * (decision 018):
 *
 * - per (source IP, name): `pairFailures` failures are free, then each further failure opens a
 *   refusal window (`backoffMs`, doubling up to `backoffMaxMs`) during which that pair is refused
 *   without a check. Another name from the same address — another sub-account, a whitelisted
 *   address without credentials — is not affected; the portal's proxy test shares the server's
 *   address among all customers, so nothing here may be per address alone.
 * - per sub-account across all addresses (wrong passwords of an existing sub-account only): a token
 *   bucket of `userFailures` refilled over `userWindowMs`. Once empty the user is under attack: a
 *   pair that has not logged in successfully within `knownGoodMs` is refused before its password is
 *   checked (so guesses from fresh addresses tell nothing), while known-good pairs are still checked.
 *
 * Refused attempts are not failures: they do not lengthen a window nor drain a bucket. Every map is
 * bounded (`maxTracked`); the least recently written entry goes first.
 */
export interface ThrottleLimits {
  pairFailures: number;
  backoffMs: number;
  backoffMaxMs: number;
  /** A pair's failures are forgotten after this long without another one. */
  pairForgetMs: number;
  userFailures: number;
  userWindowMs: number;
  knownGoodMs: number;
  maxTracked: number;
}

interface PairRecord {
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
  private readonly pairs: BoundedMap<PairRecord>;
  private readonly users: BoundedMap<UserBucket>;
  /** When each (ip, sub-account) pair last logged in with the right password. */
  private readonly knownGood: BoundedMap<number>;

  constructor(
    private readonly limits: ThrottleLimits,
    private readonly now: () => number = Date.now,
  ) {
    this.pairs = new BoundedMap(limits.maxTracked);
    this.users = new BoundedMap(limits.maxTracked);
    this.knownGood = new BoundedMap(limits.maxTracked);
  }

  /** False while this pair sits in a refusal window. */
  mayTry(ip: string, name: string): boolean {
    const record = this.pairs.get(pairKey(ip, name));
    return record === undefined || record.blockedUntil <= this.now();
  }

  /** May this password attempt be checked at all: the pair is not backing off, the user not under attack (or the pair is known-good). */
  mayCheckPassword(ip: string, subuser: string): boolean {
    if (!this.mayTry(ip, subuser)) return false;
    return !this.underAttack(subuser) || this.isKnownGood(ip, subuser);
  }

  underAttack(subuser: string): boolean {
    return this.userLevel(subuser) < 1;
  }

  isKnownGood(ip: string, subuser: string): boolean {
    const at = this.knownGood.get(pairKey(ip, subuser));
    return at !== undefined && this.now() - at < this.limits.knownGoodMs;
  }

  /** A malformed or unknown name: only this (address, name) pair pays. */
  failedName(ip: string, name: string): void {
    this.pairFailed(pairKey(ip, name));
  }

  /** A wrong password of an existing sub-account: the pair and the sub-account's bucket pay. */
  failedPassword(ip: string, subuser: string): void {
    this.pairFailed(pairKey(ip, subuser));
    this.users.set(subuser, { tokens: Math.max(0, this.userLevel(subuser) - 1), at: this.now() });
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

  /** The refusal window the `failures`-th failure opens (0 while still free). */
  windowAfter(failures: number): number {
    const { pairFailures, backoffMs, backoffMaxMs } = this.limits;
    if (failures < pairFailures) return 0;
    return Math.min(backoffMaxMs, backoffMs * 2 ** (failures - pairFailures));
  }

  private pairFailed(key: string): void {
    const now = this.now();
    const record = this.pairs.get(key);
    const failures = record && now - record.last < this.limits.pairForgetMs ? record.failures + 1 : 1;
    const window = this.windowAfter(failures);
    this.pairs.set(key, { failures, last: now, blockedUntil: window > 0 ? now + window : 0 });
  }

  private userLevel(subuser: string): number {
    const { userFailures, userWindowMs } = this.limits;
    const bucket = this.users.get(subuser);
    if (!bucket) return userFailures;
    return Math.min(userFailures, bucket.tokens + ((this.now() - bucket.at) * userFailures) / userWindowMs);
  }

  /** Entries held, per map (the bound is tested). */
  get tracked(): { pairs: number; users: number; knownGood: number } {
    return { pairs: this.pairs.size, users: this.users.size, knownGood: this.knownGood.size };
  }
}
