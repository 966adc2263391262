/**
 * A bounded map of looked-up values with a per-entry lifetime, and one in-flight lookup per key: a
 * burst of 500 connections from a new user is one server call, not 500.
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { value: V; expiresAt: number }>();
  private readonly pending = new Map<string, Promise<V>>();
  /** Bumped by clear(): a lookup that started before must not store its (possibly stale) answer. */
  private epoch = 0;

  constructor(
    private readonly ttlOf: (value: V) => number,
    private readonly now: () => number = Date.now,
    private readonly maxEntries = 100_000,
  ) {}

  /** The cached value while fresh, without a lookup (the connection set-up's fast path). Values are never undefined. */
  peek(key: string): V | undefined {
    const hit = this.entries.get(key);
    return hit && hit.expiresAt > this.now() ? hit.value : undefined;
  }

  /** The fresh cached value, else one lookup shared by every caller asking meanwhile. */
  async get(key: string, load: () => Promise<V>): Promise<V> {
    const fresh = this.peek(key);
    if (fresh !== undefined) return fresh;
    const inFlight = this.pending.get(key);
    if (inFlight) return inFlight;
    const epoch = this.epoch;
    const promise = load()
      .then((value) => {
        if (epoch === this.epoch && this.pending.get(key) === promise) {
          this.entries.delete(key);
          this.entries.set(key, { value, expiresAt: this.now() + this.ttlOf(value) });
          if (this.entries.size > this.maxEntries) this.evictOldest();
        }
        return value;
      })
      .finally(() => {
        if (this.pending.get(key) === promise) this.pending.delete(key);
      });
    this.pending.set(key, promise);
    return promise;
  }

  delete(key: string): void {
    this.entries.delete(key);
    // An answer in flight may predate the change that made us delete: do not cache it.
    this.pending.delete(key);
  }

  /** Deletes every entry whose value matches. */
  deleteWhere(match: (value: V) => boolean): void {
    for (const [key, entry] of this.entries) if (match(entry.value)) this.entries.delete(key);
    this.epoch++;
  }

  private evictOldest(): void {
    const now = this.now();
    for (const [key, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(key);
    for (const key of this.entries.keys()) {
      if (this.entries.size <= this.maxEntries) break;
      this.entries.delete(key);
    }
  }

  get size(): number {
    return this.entries.size;
  }
}
