// The default storage: PostgreSQL compiled to WebAssembly, in memory or in a directory.
// This file may use Node APIs (it reads and writes the seed cache); the rest of the core may not.
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import type { Storage } from './storage';
import type { SqlDriver } from './sql/driver';
import { migrate, schemaFingerprint } from './sql/migrate';
import { createSqlStorage } from './sql/sql-storage';
import { DEFAULT_STATISTICS_POLICY, UpkeepJob, type UpkeepPolicy } from './pglite-upkeep';
import { PreparedStatements } from './pglite-statements';
import { pgliteDriver } from './pglite-driver';
import { DataDirError, lockDataDir, narrowModes, prepareDataDir, type DataDirLock } from './data-dir';
import { silentLogger, type Logger } from '../logger';

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

export interface CheckpointPolicy extends UpkeepPolicy {
  /** WAL written since the last checkpoint, in bytes, that makes the next one due. */
  walBytes: number;
}

/** A look at the WAL after every 1,000 changed rows (one cheap statement); a checkpoint once 32 MB of it have piled up. */
export const DEFAULT_CHECKPOINT_POLICY: CheckpointPolicy = { changedRows: 1000, minIntervalMs: 0, urgent: true, walBytes: 32 * 1024 * 1024 };

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

const seedInProcess = new Map<string, Promise<Blob>>();
const gunzipAsync = promisify(gunzip);

/**
 * A fresh cluster holds three copies of the system catalogs (postgres, template0, template1); the
 * service only ever opens `postgres`, and every file in the snapshot is unpacked into memory on each
 * start, so the templates go: the snapshot shrinks from ~1,100 files / 40 MB to ~400 / 26 MB.
 */
async function buildSeed(): Promise<Blob> {
  const db = await PGlite.create();
  try {
    await migrate(pgliteDriver(db, new PreparedStatements(db), []));
    await db.exec("UPDATE pg_database SET datistemplate = false WHERE datname IN ('template0', 'template1')");
    await db.exec('DROP DATABASE template0');
    await db.exec('DROP DATABASE template1');
    await db.exec('CHECKPOINT');
    return await db.dumpDataDir('gzip');
  } finally {
    await db.close();
  }
}

/**
 * PGlite unpacks a gzipped snapshot through web streams, which took ~0.4 s of a ~1 s start here;
 * zlib does the same in ~0.05 s, so the snapshot is handed over as a plain tar.
 */
async function unpacked(gzipped: Uint8Array): Promise<Blob> {
  // zlib's default 16 KB chunks cost a thread-pool round trip each (~0.2 s for 26 MB); 8 MB ones ~0.05 s
  return new Blob([await gunzipAsync(gzipped, { chunkSize: 8 * 1024 * 1024 })]);
}

/** The snapshot's file name: its layout version (2: templates dropped) and the migrations in it. */
export const seedName = (fingerprint: string) => `pressroom-seed-2-${fingerprint}.tar.gz`;

/** The folder of the built package, where `npm run build` leaves a seed for its own migrations. */
function packagedSeedDir(): string | null {
  try {
    return dirname(fileURLToPath(import.meta.url));
  } catch {
    return null; // a bundle without import.meta
  }
}

/** Writes the seed for the current migrations into `dir` (the build does this for dist/). */
export async function writeSeed(dir: string): Promise<string> {
  const file = join(dir, seedName(await schemaFingerprint()));
  await writeAtomically(file, await buildSeed());
  return file;
}

async function writeAtomically(file: string, blob: Blob): Promise<void> {
  // write then rename, so a concurrent reader never sees half a file
  await mkdir(dirname(file), { recursive: true });
  const partial = `${file}.${process.pid}.${Date.now()}.partial`;
  await writeFile(partial, new Uint8Array(await blob.arrayBuffer()));
  await rename(partial, file);
}

async function cachedSeed(cacheDir: string | false): Promise<Blob> {
  const fingerprint = await schemaFingerprint();
  const key = `${fingerprint}:${cacheDir}`;
  let seed = seedInProcess.get(key);
  if (!seed) {
    seed = (async () => {
      const packaged = packagedSeedDir();
      const shipped = packaged ? join(packaged, seedName(fingerprint)) : null;
      if (shipped && existsSync(shipped)) return unpacked(await readFile(shipped));
      const file = cacheDir === false ? null : join(cacheDir, seedName(fingerprint));
      if (file && existsSync(file)) return unpacked(await readFile(file));
      const blob = await buildSeed();
      if (file) await writeAtomically(file, blob);
      return unpacked(new Uint8Array(await blob.arrayBuffer()));
    })();
    seedInProcess.set(key, seed);
    seed.catch(() => seedInProcess.delete(key));
  }
  return seed;
}

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
    return { db: await PGlite.create({ dataDir: options.dataDir, startParams: START_PARAMS }), fromSeed: false };
  }
  const startParams = options.dataDir ? START_PARAMS : IN_MEMORY_START_PARAMS;
  const seed = await cachedSeed(options.seedCacheDir ?? tmpdir());
  return { db: await PGlite.create({ dataDir: options.dataDir, loadDataDir: seed, startParams }), fromSeed: true };
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
  const analyze = async () => {
    for (const table of await dueTables(db, DUE_FOR_ANALYZE)) await db.exec(`ANALYZE ${table}`);
  };
  const checkpoints = options.checkpoints ?? DEFAULT_CHECKPOINT_POLICY;
  const upkeep = [
    new UpkeepJob(analyze, options.statistics ?? DEFAULT_STATISTICS_POLICY),
    new UpkeepJob(checkpointJob(db, checkpoints.walBytes), checkpoints),
    new UpkeepJob(vacuumJob(db), options.vacuum ?? DEFAULT_VACUUM_POLICY),
  ];
  const driver = pgliteDriver(db, new PreparedStatements(db), upkeep);
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
