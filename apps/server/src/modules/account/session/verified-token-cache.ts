/**
 * Remembers tokens whose signature and claims already verified, so a client sending the same
 * session token on every request costs one HMAC check, not one per request (jose's WebCrypto
 * verify is ~100 µs; see bench/api.ts). Only identical token strings hit; expiry is still checked
 * on every request by the caller, and revocation by the account read. Bounded, oldest evicted first.
 */
export class VerifiedTokenCache<T> {
  private readonly entries = new Map<string, { value: T; expiresAtMs: number }>();

  constructor(private readonly capacity = 10_000) {}

  get(token: string, nowMs: number): T | undefined {
    const entry = this.entries.get(token);
    if (!entry) return undefined;
    if (entry.expiresAtMs <= nowMs) {
      this.entries.delete(token);
      return undefined;
    }
    return entry.value;
  }

  set(token: string, value: T, expiresAtMs: number): void {
    if (this.entries.size >= this.capacity) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(token, { value, expiresAtMs });
  }
}
