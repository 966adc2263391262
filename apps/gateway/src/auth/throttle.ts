/**
 * Failed authentications per source IP, as token buckets: `perMinute` failures fill up an empty
 * bucket, which refills at the same rate. While a bucket is empty the address is refused before any
 * lookup — password guessing costs the attacker time and costs us nothing. Successful logins do not
 * take tokens, so a busy customer is never throttled.
 */
export class FailureThrottle {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  private readonly refillPerMs: number;

  constructor(
    private readonly perMinute: number,
    private readonly now: () => number = Date.now,
    private readonly maxTracked = 100_000,
  ) {
    this.refillPerMs = perMinute / 60_000;
  }

  private level(ip: string): number {
    const bucket = this.buckets.get(ip);
    if (!bucket) return this.perMinute;
    return Math.min(this.perMinute, bucket.tokens + (this.now() - bucket.at) * this.refillPerMs);
  }

  /** May this address try to authenticate now? */
  allows(ip: string): boolean {
    return this.level(ip) >= 1;
  }

  failed(ip: string): void {
    const tokens = Math.max(0, this.level(ip) - 1);
    this.buckets.delete(ip); // re-insert: the map's order is then least recently failed first
    this.buckets.set(ip, { tokens, at: this.now() });
    if (this.buckets.size > this.maxTracked) this.sweep();
  }

  /** Forgets full buckets (they behave like absent ones); if still too many, the oldest. */
  sweep(): void {
    for (const ip of this.buckets.keys()) {
      if (this.level(ip) >= this.perMinute) this.buckets.delete(ip);
    }
    for (const ip of this.buckets.keys()) {
      if (this.buckets.size <= this.maxTracked) break;
      this.buckets.delete(ip);
    }
  }

  get tracked(): number {
    return this.buckets.size;
  }
}
