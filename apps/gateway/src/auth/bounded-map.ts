/**
 * A Map that holds at most `max` entries, dropping the least recently written one beyond that. The
 * throttle's maps are keyed by what clients send (addresses, names), so without a bound a flood of
 * distinct keys would grow memory without end.
 */
export class BoundedMap<V> {
  private readonly entries = new Map<string, V>();

  constructor(private readonly max: number) {}

  get(key: string): V | undefined {
    // Empty is the usual state of the throttle's maps: no hashing of a fresh key string then.
    return this.entries.size === 0 ? undefined : this.entries.get(key);
  }

  /** Writes and marks the key as the most recent (a Map iterates in insertion order). */
  set(key: string, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size <= this.max) return;
    const oldest = this.entries.keys().next();
    if (!oldest.done) this.entries.delete(oldest.value);
  }

  delete(key: string): void {
    if (this.entries.size > 0) this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }
}
