/**
 * A map for in-process caches: at most `max` entries (the oldest goes first), each good until
 * its own time. What makes an entry stale besides time is the caller's business (a change-feed
 * version, a row version) and travels inside the value.
 */
export class BoundedCache<V> {
  private readonly entries = new Map<string, { value: V; until: number; weight: number }>();
  private weight = 0;

  /** `maxWeight` with `weigh`: a budget (bytes, say) the entries share, on top of their number. */
  constructor(
    private readonly max: number,
    private readonly maxWeight = Infinity,
    private readonly weigh: (value: V) => number = () => 0,
  ) {}

  get(key: string, now = Date.now()): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.until <= now) {
      this.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: string, value: V, until: number): void {
    const weight = this.weigh(value);
    if (weight > this.maxWeight) return;
    this.delete(key);
    while (this.entries.size > 0 && (this.entries.size >= this.max || this.weight + weight > this.maxWeight)) {
      this.delete(this.entries.keys().next().value!);
    }
    this.entries.set(key, { value, until, weight });
    this.weight += weight;
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.weight -= entry.weight;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The entries' total weight. */
  get load(): number {
    return this.weight;
  }
}
