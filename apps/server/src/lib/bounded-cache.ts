/**
 * A map for in-process caches: at most `max` entries (the oldest goes first), each good until
 * its own time. What makes an entry stale besides time is the caller's business (a change-feed
 * version, a row version) and travels inside the value.
 */
export class BoundedCache<V> {
  private readonly entries = new Map<string, { value: V; until: number }>();

  constructor(private readonly max: number) {}

  get(key: string, now = Date.now()): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.until <= now) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: string, value: V, until: number): void {
    if (this.entries.has(key)) this.entries.delete(key);
    else if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { value, until });
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }
}
