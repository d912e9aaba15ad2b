/** A least-recently-used map bounded by the total size of its values, in bytes. */
export class ByteLru<V extends { size: number }> {
  private readonly entries = new Map<string, V>();
  private bytes = 0;

  /** `onEvict`: told of each entry dropped to make room (not of those deleted or replaced by the caller). */
  constructor(
    private readonly maxBytes: number,
    private readonly onEvict?: (key: string, value: V) => void,
  ) {}

  /** The value without making it the most recently used. */
  peek(key: string): V | undefined {
    return this.entries.get(key);
  }

  get(key: string): V | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    // re-insert: a Map iterates in insertion order, so the first key is the least recently used
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  set(key: string, value: V): void {
    if (value.size > this.maxBytes) return;
    this.delete(key);
    this.entries.set(key, value);
    this.bytes += value.size;
    for (const [oldest, old] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= old.size;
      this.onEvict?.(oldest, old);
    }
  }

  delete(key: string): void {
    const value = this.entries.get(key);
    if (value === undefined) return;
    this.entries.delete(key);
    this.bytes -= value.size;
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
