// PGlite runs PostgreSQL as one single-user backend, without the server's background workers. Three of
// their jobs matter as a site grows, and are done here after enough written rows:
// - autovacuum's analyze: without it the planner keeps plans built for an empty database as tables
//   grow (a tag count over 10k posts took 0.5 s on such a plan, 70 ms after ANALYZE);
// - the checkpointer: a standalone backend never starts a checkpoint by itself, whatever max_wal_size
//   says, so the WAL grows with every write until the database closes (~600 MB for a 100k-post import,
//   held in RAM when the database is in memory);
// - autovacuum's vacuum: the old versions of edited and deleted rows, and their index entries, are
//   otherwise never reclaimed, so the database grows with every edit.
import type { PGlite } from '@electric-sql/pglite';

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

export interface CheckpointPolicy extends UpkeepPolicy {
  /** WAL written since the last checkpoint, in bytes, that makes the next one due. */
  walBytes: number;
}

/** When to look for tables whose planner statistics are due (the job analyses only those). */
export const DEFAULT_STATISTICS_POLICY: UpkeepPolicy = { changedRows: 1000, minIntervalMs: 60_000 };

/** A look at the WAL after every 1,000 changed rows (one cheap statement); a checkpoint once 32 MB of it have piled up. */
export const DEFAULT_CHECKPOINT_POLICY: CheckpointPolicy = { changedRows: 1000, minIntervalMs: 0, urgent: true, walBytes: 32 * 1024 * 1024 };

/** The checkpointer's work: a checkpoint once the WAL since the last one has reached `walBytes`. */
function checkpointJob(db: PGlite, walBytes: number): () => Promise<void> {
  return async () => {
    const { rows } = await db.query<{ bytes: number }>(
      'SELECT pg_wal_lsn_diff(pg_current_wal_insert_lsn(), redo_lsn)::float8 AS bytes FROM pg_control_checkpoint()',
    );
    if ((rows[0]?.bytes ?? 0) >= walBytes) await db.exec('CHECKPOINT');
  };
}

/**
 * A look at the dead and inserted rows after every 2,000 changed rows, at most once a minute. An edit
 * of a post leaves the old row version and an entry for it in each index; PostgreSQL's own page
 * pruning cannot remove index entries, so without a vacuum a site's files, and in memory its RSS, grow
 * with every edit. On a 1k-post site every 2,000 edits of one post grew the posts table by ~0.5 MB
 * for good; with a VACUUM after each 2,000 it stopped growing after 6,000.
 */
export const DEFAULT_VACUUM_POLICY: UpkeepPolicy = { changedRows: 2000, minIntervalMs: 60_000 };

/**
 * autovacuum's rule with its default settings: a table is due once its dead rows exceed 50 plus a
 * fifth of its live ones.
 */
const DUE_FOR_VACUUM = 'n_dead_tup > 50 + 0.2 * n_live_tup';

/**
 * autovacuum's rule for tables that only grow: rows inserted since the last vacuum past a fifth of the
 * table, plus 50 (autovacuum's default adds 1,000, which would leave a site of under 1,000 posts never
 * vacuumed; a table that small takes milliseconds). Such a vacuum reclaims nothing: it marks the new
 * pages all-visible, without which an index-only scan reads each row from the table after all (the
 * walk of a public browse: migration 011; at 1k posts, page 50 took 1.05 ms per statement on
 * unmarked pages, 0.61 ms on marked ones). It skips the TOAST table, whose pages no index-only scan
 * reads: at 100k imported posts 0.6 s and ~60 MB of RSS for posts and its link tables, against ~2 s
 * with it.
 */
const DUE_AFTER_INSERTS = 'n_ins_since_vacuum > 50 + 0.2 * n_live_tup';

/**
 * autovacuum's rule for analysing, with its default settings: rows changed since the last ANALYZE
 * past 50 plus a tenth of the table. The job used to analyse every table after any 1,000 changed rows:
 * at 100k posts, a run every minute of steady writing, each holding up every request.
 */
const DUE_FOR_ANALYZE = 'n_mod_since_analyze > 50 + 0.1 * n_live_tup';

/** The tables, quoted, whose row counts meet `rule`. */
async function dueTables(db: PGlite, rule: string): Promise<string[]> {
  // a backend hands its row counts to the statistics at most once a second: the last writes must count
  await db.query('SELECT pg_stat_force_next_flush()');
  const { rows } = await db.query<{ name: string }>(`SELECT format('%I.%I', schemaname, relname) AS name FROM pg_stat_user_tables WHERE ${rule}`);
  return rows.map((row) => row.name);
}

/** autovacuum's analyze: the tables due. */
function analyzeJob(db: PGlite): () => Promise<void> {
  return async () => {
    for (const table of await dueTables(db, DUE_FOR_ANALYZE)) await db.exec(`ANALYZE ${table}`);
  };
}

/** autovacuum's vacuum: the tables due, one at a time (VACUUM cannot run inside a transaction). */
function vacuumJob(db: PGlite): () => Promise<void> {
  return async () => {
    const withDeadRows = await dueTables(db, DUE_FOR_VACUUM);
    for (const table of withDeadRows) await db.exec(`VACUUM ${table}`);
    for (const table of await dueTables(db, DUE_AFTER_INSERTS)) {
      if (!withDeadRows.includes(table)) await db.exec(`VACUUM (PROCESS_TOAST FALSE) ${table}`);
    }
  };
}

/** The three jobs on `db`, each with its policy (the defaults where none is given). */
export function upkeepJobs(db: PGlite, policies: { statistics?: UpkeepPolicy; checkpoints?: CheckpointPolicy; vacuum?: UpkeepPolicy }): UpkeepJob[] {
  const checkpoints = policies.checkpoints ?? DEFAULT_CHECKPOINT_POLICY;
  return [
    new UpkeepJob(analyzeJob(db), policies.statistics ?? DEFAULT_STATISTICS_POLICY),
    new UpkeepJob(checkpointJob(db, checkpoints.walBytes), checkpoints),
    new UpkeepJob(vacuumJob(db), policies.vacuum ?? DEFAULT_VACUUM_POLICY),
  ];
}

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

  /** Called after every statement with the rows it inserted, updated or deleted (PostgreSQL's count). */
  noteChanges(rows: number): void {
    if (rows <= 0) return;
    this.changed += rows;
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
