/**
 * A map bounded by the total size of its values, in bytes, that drops what has not been read for longest
 * first, by second chance: a read only marks its entry, and when room is needed, a marked entry at the
 * old end is unmarked and moved to the new end instead of being dropped. A read is then one look-up,
 * not a re-insertion (the read model's hits read it on every request); the order is LRU's but for
 * entries read since they were last passed over, which count as read just then.
 */
export class ByteLru<V extends { size: number }> {
  /** In insertion order, oldest first (a Map iterates so). */
  private readonly entries = new Map<string, { value: V; used: boolean }>();
  private bytes = 0;

  /** `onEvict`: told of each entry dropped to make room (not of those deleted or replaced by the caller). */
  constructor(
    private readonly maxBytes: number,
    private readonly onEvict?: (key: string, value: V) => void,
  ) {}

  /** The value without marking it used. */
  peek(key: string): V | undefined {
    return this.entries.get(key)?.value;
  }

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    entry.used = true;
    return entry.value;
  }

  set(key: string, value: V): void {
    if (value.size > this.maxBytes) return;
    this.delete(key);
    this.entries.set(key, { value, used: false });
    this.bytes += value.size;
    while (this.bytes > this.maxBytes) {
      const [oldest, entry] = this.entries.entries().next().value as [string, { value: V; used: boolean }];
      this.entries.delete(oldest);
      if (entry.used) {
        entry.used = false;
        this.entries.set(oldest, entry);
        continue;
      }
      this.bytes -= entry.value.size;
      this.onEvict?.(oldest, entry.value);
    }
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (entry === undefined) return;
    this.entries.delete(key);
    this.bytes -= entry.value.size;
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  get size(): number {
    return this.entries.size;
  }

  get totalBytes(): number {
    return this.bytes;
  }
}
