import type { ChangeFeed, ChangesSince } from '../storage/storage';

/**
 * This instance's place in the database's record of changes (ChangeFeed). Asking the database on
 * every request would cost more than what is kept saves, so it asks at most every `checkMs`, and at
 * once after it is told of a change (this instance's commits, another instance's NOTIFY).
 */
export class ChangeFollower {
  /** The generation every change up to which has been passed to `apply`; -1 before the first. */
  generation = -1;
  /** When the change feed was last read successfully (the clock's ms): how old what is kept may be. */
  checkedAt = -Infinity;
  /** Moves on with every `changed()`: a read that began before the latest may have missed it. */
  private told = 0;
  private readTold = -1;
  private pending: Promise<number> | null = null;

  constructor(
    private readonly feed: ChangeFeed,
    private readonly checkMs: number,
    private readonly clock: () => number,
    /** Given what changed since the last read, before `generation` moves on to `now`. */
    private readonly apply: (changes: ChangesSince, before: number) => void,
  ) {}

  /** Whether `generation` can be taken as current without asking the database. */
  fresh(): boolean {
    return this.readTold === this.told && this.clock() - this.checkedAt < this.checkMs;
  }

  /** The generation, current as of a read no older than `checkMs` and no change this instance was told of. */
  async current(): Promise<number> {
    if (this.fresh()) return this.generation;
    // a read that began before the latest change it was told of may have missed it: read again
    do await this.read();
    while (this.readTold !== this.told);
    return this.generation;
  }

  /**
   * Told that the change feed reached `generation` (NaN: not known), with the keys that change touched
   * when this instance made it: reads unless this instance has read that far, as it has when its own
   * commit and the database's announcement of it both tell of one change, or unless the change is the
   * very next one and comes with its keys (generations are taken one after another, so nothing was
   * missed). That is as good as a read made at the commit.
   */
  async catchUp(generation: number, keys?: string[]): Promise<void> {
    // a read under way may have begun before the change: it is awaited, then the generation compared
    if (this.pending) await this.pending.catch(() => undefined);
    if (generation <= this.generation) return;
    if (keys !== undefined && generation === this.generation + 1 && this.pending === null) {
      this.advance({ generation, keys });
      this.checkedAt = this.clock();
      return;
    }
    this.changed();
    await this.current();
  }

  /** Something changed: the next `current()` reads. */
  changed(): void {
    this.told++;
  }

  /** Reads what changed, once for every caller that arrives while it is under way. */
  read(): Promise<number> {
    this.pending ??= this.readOnce().finally(() => {
      this.pending = null;
    });
    return this.pending;
  }

  private async readOnce(): Promise<number> {
    const told = this.told;
    const changes = await this.feed.since(this.generation);
    if (changes.generation !== this.generation || changes.keys === null) this.advance(changes);
    this.readTold = told;
    this.checkedAt = this.clock();
    return this.generation;
  }

  private advance(changes: ChangesSince): void {
    const before = this.generation;
    this.generation = changes.generation;
    this.apply(changes, before);
  }
}
