/**
 * Answers kept for a short, fixed time: the time-to-live is the owner that says when an answer is
 * stale (decision 044), so no writer has to know the cache exists. Concurrent misses of one key
 * share one computation (no stampede when an entry expires under load); a failed computation is
 * forgotten at once. Expired entries are dropped as new ones come, and at most `maxEntries` keys
 * are kept, the oldest dropped first. A TTL of 0 turns the cache off: every call computes.
 */
export class ShortLivedCache<T> {
  private readonly entries = new Map<string, { expires: number; value: Promise<T> }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 200,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string, compute: () => Promise<T>): Promise<T> {
    if (this.ttlMs <= 0) return compute();
    const at = this.now();
    const held = this.entries.get(key);
    if (held && held.expires > at) return held.value;
    if (held) this.entries.delete(key);
    // Every entry lives as long, so the Map's order (insertion) is the order of expiry.
    for (const [oldKey, entry] of this.entries) {
      if (entry.expires > at) break;
      this.entries.delete(oldKey);
    }
    const value = compute();
    this.entries.set(key, { expires: at + this.ttlMs, value });
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.maxEntries) break;
      this.entries.delete(oldest);
    }
    return value;
  }

  get size(): number {
    return this.entries.size;
  }
}
