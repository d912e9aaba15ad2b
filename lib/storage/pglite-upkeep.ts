// PGlite runs PostgreSQL as one single-user backend, without the server's background workers. Three of
// their jobs matter as a site grows, and are done here after enough written rows:
// - autovacuum's analyze: without it the planner keeps plans built for an empty database as tables
//   grow (a tag count over 10k posts took 0.5 s on such a plan, 70 ms after ANALYZE);
// - the checkpointer: a standalone backend never starts a checkpoint by itself, whatever max_wal_size
//   says, so the WAL grows with every write until the database closes (~600 MB for a 100k-post import,
//   held in RAM when the database is in memory);
// - autovacuum's vacuum: the old versions of edited and deleted rows, and their index entries, are
//   otherwise never reclaimed, so the database grows with every edit.

export interface UpkeepPolicy {
  /** Rows inserted, updated or deleted since the last run that trigger the next one. */
  changedRows: number;
  /** Never run more often than this. */
  minIntervalMs: number;
  /**
   * Start as soon as due, in the middle of a burst of writes (the WAL grows with the burst). Otherwise
   * the job waits for a timer, i.e. until the writer yields: a loop of queries on an in-memory database
   * settles only promises, so statistics are taken after a bulk import, not of its first rows.
   */
  urgent?: boolean;
}

/** When to look for tables whose planner statistics are due (the job analyses only those). */
export const DEFAULT_STATISTICS_POLICY: UpkeepPolicy = { changedRows: 1000, minIntervalMs: 60_000 };

const WRITE = /^\s*(insert|update|delete)\b/i;

/** Runs `job` in the background once enough rows changed, never two at once and not more often than allowed. */
export class UpkeepJob {
  private changed = 0;
  private lastRun = -Infinity;
  private scheduled = false;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private readonly job: () => Promise<void>,
    private readonly policy: UpkeepPolicy,
  ) {}

  /** Called after every statement with the rows it changed. */
  noteStatement(sql: string, affectedRows: number): void {
    if (affectedRows <= 0 || !WRITE.test(sql)) return;
    this.changed += affectedRows;
    if (this.changed < this.policy.changedRows || this.scheduled || this.running || this.stopped) return;
    this.scheduled = true;
    const wait = Math.max(0, this.lastRun + this.policy.minIntervalMs - Date.now());
    if (wait === 0 && this.policy.urgent) {
      // the job's statements queue behind the transaction under way
      queueMicrotask(() => this.run());
      return;
    }
    this.timer = setTimeout(() => this.run(), wait);
    // a pending job never keeps a finished process alive
    (this.timer as { unref?: () => void }).unref?.();
  }

  private run(): void {
    this.scheduled = false;
    this.timer = null;
    if (this.stopped) return;
    this.changed = 0;
    this.lastRun = Date.now();
    this.running = this.job()
      .catch(() => {}) // upkeep is an optimisation: a failed run is retried after the next writes
      .finally(() => (this.running = null));
  }

  /** Stops scheduling and waits for a run under way, so the database can close cleanly. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.scheduled = false;
    await this.running;
  }
}
