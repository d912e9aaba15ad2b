// PGlite runs PostgreSQL in single-user mode: there is no autovacuum, so nothing refreshes the
// planner's statistics and plans built for an empty database stay in use as tables grow (a tag count
// over 10k posts took 0.5 s on such a plan, 70 ms after ANALYZE). This does autovacuum's analyze part.

export interface StatisticsPolicy {
  /** Rows inserted, updated or deleted since the last ANALYZE that trigger the next one. */
  changedRows: number;
  /** Never analyse more often than this. */
  minIntervalMs: number;
}

export const DEFAULT_STATISTICS_POLICY: StatisticsPolicy = { changedRows: 1000, minIntervalMs: 60_000 };

const WRITE = /^\s*(insert|update|delete)\b/i;

export class StatisticsKeeper {
  private changed = 0;
  private lastRun = -Infinity;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private readonly analyze: () => Promise<void>,
    private readonly policy: StatisticsPolicy = DEFAULT_STATISTICS_POLICY,
  ) {}

  /** Called after every statement with the rows it changed. */
  noteStatement(sql: string, affectedRows: number): void {
    if (affectedRows <= 0 || !WRITE.test(sql)) return;
    this.changed += affectedRows;
    if (this.changed < this.policy.changedRows || this.timer || this.running || this.stopped) return;
    const wait = Math.max(0, this.lastRun + this.policy.minIntervalMs - Date.now());
    this.timer = setTimeout(() => this.run(), wait);
    // a pending analysis never keeps a finished process alive
    (this.timer as { unref?: () => void }).unref?.();
  }

  private run(): void {
    this.timer = null;
    if (this.stopped) return;
    this.changed = 0;
    this.lastRun = Date.now();
    this.running = this.analyze()
      .catch(() => {}) // statistics are an optimisation: a failed run is retried after the next writes
      .finally(() => (this.running = null));
  }

  /** Stops scheduling and waits for a run under way, so the database can close cleanly. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }
}
