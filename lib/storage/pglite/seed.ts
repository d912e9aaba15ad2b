// The migrated seed snapshot a new PGlite database starts from: made once, kept in the built package
// (\`npm run build\` writes it to dist/) or a cache directory, and unpacked on every start.
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { migrate, schemaFingerprint } from '../sql/migrate';
import { pgliteDriver } from './driver';
import { PGLITE_EXTENSIONS } from './extensions';

const seedInProcess = new Map<string, Promise<Blob>>();
const gunzipAsync = promisify(gunzip);

/**
 * A fresh cluster holds three copies of the system catalogs (postgres, template0, template1); the
 * service only ever opens `postgres`, and every file in the snapshot is unpacked into memory on each
 * start, so the templates go: the snapshot shrinks from ~1,100 files / 40 MB to ~400 / 26 MB.
 */
async function buildSeed(): Promise<Blob> {
  const db = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
  try {
    await migrate(pgliteDriver(db, []));
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

/** The seed for the current migrations: from the package, else from `cacheDir`, else built (and cached there). */
export async function cachedSeed(cacheDir: string | false): Promise<Blob> {
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
