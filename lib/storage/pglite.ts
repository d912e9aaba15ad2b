// The default storage: PostgreSQL compiled to WebAssembly, in memory or in a directory.
// This file may use Node APIs (it reads and writes the seed cache); the rest of the core may not.
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import type { Storage } from './storage';
import type { SqlDriver } from './sql/driver';
import { migrate, schemaFingerprint } from './sql/migrate';
import { createSqlStorage } from './sql/sql-storage';
import { StatisticsKeeper, type StatisticsPolicy } from './pglite-statistics';

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
  statistics?: StatisticsPolicy;
}

type Queryable = Pick<PGlite, 'query' | 'exec'> | Transaction;

function driverOver(db: Queryable, root: PGlite, statistics?: StatisticsKeeper): SqlDriver {
  return {
    async query<R>(sql: string, params?: unknown[]) {
      const result = await db.query<R>(sql, params);
      const affectedRows = result.affectedRows ?? 0;
      statistics?.noteStatement(sql, affectedRows);
      return { rows: result.rows, affectedRows };
    },
    async exec(sql: string) {
      await db.exec(sql);
    },
    transaction<T>(work: (tx: SqlDriver) => Promise<T>): Promise<T> {
      // inside a transaction PGlite has one connection already: join it
      if (db !== root) return work(driverOver(db, root, statistics));
      return root.transaction((tx) => work(driverOver(tx, root, statistics)));
    },
    async close() {
      await statistics?.stop();
      await root.close();
    },
  };
}

const seedInProcess = new Map<string, Promise<Blob>>();

async function buildSeed(): Promise<Blob> {
  const db = await PGlite.create();
  try {
    await migrate(driverOver(db, db));
    return await db.dumpDataDir('gzip');
  } finally {
    await db.close();
  }
}

const seedName = (fingerprint: string) => `pressroom-seed-${fingerprint}.tar.gz`;

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
      if (shipped && existsSync(shipped)) return new Blob([await readFile(shipped)]);
      const file = cacheDir === false ? null : join(cacheDir, seedName(fingerprint));
      if (file && existsSync(file)) return new Blob([await readFile(file)]);
      const blob = await buildSeed();
      if (file) await writeAtomically(file, blob);
      return blob;
    })();
    seedInProcess.set(key, seed);
    seed.catch(() => seedInProcess.delete(key));
  }
  return seed;
}

/** A migrated PGlite database behind the SQL driver interface. */
export async function createPgliteDriver(options: PgliteStorageOptions = {}): Promise<SqlDriver> {
  const cacheDir = options.seedCacheDir ?? tmpdir();
  let db: PGlite;
  if (options.dataDir && existsSync(join(options.dataDir, 'PG_VERSION'))) {
    db = await PGlite.create({ dataDir: options.dataDir });
  } else {
    if (options.dataDir) await mkdir(options.dataDir, { recursive: true });
    db = await PGlite.create({ dataDir: options.dataDir, loadDataDir: await cachedSeed(cacheDir) });
  }
  const statistics = new StatisticsKeeper(async () => {
    await db.exec('ANALYZE');
  }, options.statistics);
  const driver = driverOver(db, db, statistics);
  await migrate(driver);
  return driver;
}

export async function createPgliteStorage(options: PgliteStorageOptions = {}): Promise<Storage> {
  return createSqlStorage(await createPgliteDriver(options));
}
