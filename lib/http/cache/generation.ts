import type { GenerationStore } from '../../storage/storage';

/**
 * This instance's view of the shared content generation. Reading the database on every request would
 * cost more than the cache saves, so the value is re-read at most every `checkMs`; a write made through
 * this instance forces a re-read at once (`invalidate`), and other instances see it within `checkMs`.
 */
export class GenerationTracker {
  private value = -1;
  private checkedAt = -Infinity;
  private pending: Promise<number> | null = null;

  constructor(
    private readonly store: GenerationStore,
    private readonly checkMs: number,
    private readonly clock: () => number,
  ) {}

  async current(): Promise<number> {
    if (this.clock() - this.checkedAt < this.checkMs) return this.value;
    // one read serves every request that arrives while it is under way
    this.pending ??= this.store.current().then(
      (value) => {
        this.value = value;
        this.checkedAt = this.clock();
        this.pending = null;
        return value;
      },
      (error) => {
        this.pending = null;
        throw error;
      },
    );
    return this.pending;
  }

  /**
   * The value if it was read less than `checkMs` ago, the same `current()` would resolve to without
   * reading; undefined when `current()` would have to read it.
   */
  fresh(): number | undefined {
    return this.clock() - this.checkedAt < this.checkMs ? this.value : undefined;
  }

  invalidate(): void {
    this.checkedAt = -Infinity;
  }
}
