// The default storage: PostgreSQL compiled to WebAssembly, in memory or in a directory.
// This folder may use Node APIs (seed.ts reads and writes the seed cache); the rest of the core may not.
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { Storage } from '../storage';
import type { SqlDriver } from '../sql/driver';
import { migrate } from '../sql/migrate';
import { createSqlStorage } from '../sql/sql-storage';
import { upkeepJobs, type CheckpointPolicy, type UpkeepPolicy } from './upkeep';
import { pgliteDriver } from './driver';
import { cachedSeed } from './seed';
import { PGLITE_EXTENSIONS } from './extensions';
import { DataDirError, lockDataDir, narrowModes, prepareDataDir, type DataDirLock } from '../data-dir';
import { silentLogger, type Logger } from '../../logger';

export interface PgliteStorageOptions {
  /** A directory for the database files; omitted → in memory. */
  dataDir?: string;
  /**
   * Where the migrated seed snapshot is cached between processes (default: the OS temp directory;
   * `false` disables the file cache). A fresh PGlite runs initdb, which takes seconds; loading the
   * snapshot takes well under one.
   */
  seedCacheDir?: string | false;
  /** When to refresh the planner's statistics (PGlite has no autovacuum to do it). */
  statistics?: UpkeepPolicy;
  /** When to look at the WAL, and how much of it makes a checkpoint due (PGlite has no checkpointer). */
  checkpoints?: CheckpointPolicy;
  /** When to look for tables with many dead or new rows and vacuum them (PGlite has no autovacuum). */
  vacuum?: UpkeepPolicy;
  /** Where notices go (permissions narrowed on start); silent by default. */
  logger?: Logger;
}

/**
 * Server settings on top of PGlite's own start parameters. With checkpoints every `walBytes`, a small
 * max_wal_size makes PostgreSQL recycle WAL segments instead of keeping up to 1 GB of them: an in-memory
 * database holds its WAL in RAM (100k posts loaded: RSS 1,768 → 1,137 MB). Neither weakens durability.
 *
 * ANALYZE samples 300 rows per unit of statistics target, and holds each sampled post whole (its html,
 * plaintext and mobiledoc inline): with the default target of 100, analysing 100k posts took 1.7–1.8 s,
 * with every request waiting behind it in PGlite's one backend, and grew its memory, which never
 * shrinks, by 160–190 MB. A target of 30 (9,000 rows) gives the planner what it uses here — the few
 * values of status, type and visibility, the spread of dates, the rows per tag — in 0.72–0.77 s and
 * ~50 MB.
 */
const START_PARAMS = [...PGlite.defaultStartParams, '-c', 'max_wal_size=64MB', '-c', 'min_wal_size=32MB', '-c', 'default_statistics_target=30'];

/**
 * In memory the database's files are already in RAM, so PostgreSQL's buffer pool (128 MB by default)
 * is a second copy of the pages it holds, and a page it has to fetch again is a copy from memory. A
 * smaller pool: 100k posts loaded 1,211 → 1,131 MB, peak under the browse load 1,513 → 1,332 MB, with
 * the same page and filter times.
 */
const IN_MEMORY_START_PARAMS = [...START_PARAMS, '-c', 'shared_buffers=32MB'];

/** How often files PGlite created meanwhile (0666, whatever the umask) are made private again. */
const NARROW_INTERVAL_MS = 30_000;

/**
 * A data directory for this process alone: checked, created 0700, locked against other processes,
 * and kept private — modes wider than the owner's are narrowed on start (with a notice), after PGlite
 * opened it, every 30 s while it runs, and on close.
 */
async function claimDataDir(dir: string, logger: Logger): Promise<{ lock: DataDirLock; existing: boolean }> {
  const { existing } = await prepareDataDir(dir);
  const lock = await lockDataDir(dir);
  try {
    const narrowed = await narrowModes(dir);
    if (existing && narrowed > 0) {
      logger.warn(`Made ${narrowed} files and folders under ${dir} private to their owner: others could read or write them.`);
    }
  } catch (error) {
    await lock.release();
    throw error;
  }
  return { lock, existing };
}

async function openPglite(options: PgliteStorageOptions, existing: boolean): Promise<{ db: PGlite; fromSeed: boolean }> {
  if (options.dataDir && existing && existsSync(join(options.dataDir, 'PG_VERSION'))) {
    return { db: await PGlite.create({ dataDir: options.dataDir, startParams: START_PARAMS, extensions: PGLITE_EXTENSIONS }), fromSeed: false };
  }
  const startParams = options.dataDir ? START_PARAMS : IN_MEMORY_START_PARAMS;
  const seed = await cachedSeed(options.seedCacheDir ?? tmpdir());
  return { db: await PGlite.create({ dataDir: options.dataDir, loadDataDir: seed, startParams, extensions: PGLITE_EXTENSIONS }), fromSeed: true };
}

/** A migrated PGlite database behind the SQL driver interface. */
export async function createPgliteDriver(options: PgliteStorageOptions = {}): Promise<SqlDriver> {
  const dir = options.dataDir;
  const claimed = dir ? await claimDataDir(dir, options.logger ?? silentLogger) : null;
  let db: PGlite;
  // a database made from the seed has every migration of this version already: the seed is keyed by them
  let fromSeed: boolean;
  try {
    ({ db, fromSeed } = await openPglite(options, claimed?.existing ?? false));
  } catch (error) {
    await claimed?.lock.release();
    if (!dir) throw error;
    throw new DataDirError(`Cannot open the database in ${dir}: ${(error as Error).message}`, dir);
  }
  const upkeep = upkeepJobs(db, options);
  const driver = pgliteDriver(db, upkeep);
  if (!dir || !claimed) {
    if (!fromSeed) await migrate(driver);
    return driver;
  }
  const narrow = () => narrowModes(dir).catch(() => 0);
  const timer = setInterval(narrow, NARROW_INTERVAL_MS);
  timer.unref();
  const closeDb = driver.close.bind(driver);
  let closing: Promise<void> | undefined;
  driver.close = () =>
    (closing ??= (async () => {
      clearInterval(timer);
      try {
        await closeDb();
      } finally {
        await narrow();
        await claimed.lock.release();
      }
    })());
  try {
    await narrow();
    if (!fromSeed) await migrate(driver);
  } catch (error) {
    await driver.close().catch(() => {});
    throw error;
  }
  return driver;
}

export async function createPgliteStorage(options: PgliteStorageOptions = {}): Promise<Storage> {
  return createSqlStorage(await createPgliteDriver(options));
}
