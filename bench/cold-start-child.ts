// One cold start, in a fresh process: `<mode> [dataDir] [contentKey]`. Prints {"ms": …, "importMs": …}.
// Modes: `memory` / `disk` start pressroom; `raw-memory` / `raw-disk` start bare PGlite on the same data.
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const BASE = 'http://127.0.0.1:2368';
const [mode, dataDir, contentKey] = process.argv.slice(2);

async function pressroom(): Promise<{ ms: number; importMs: number }> {
  const i0 = performance.now();
  const { createService } = await import('../lib');
  const t0 = performance.now();
  const service = await createService({ url: BASE, dataDir: mode === 'disk' ? dataDir : undefined, auth: { passwordIterations: 1000 } });
  // an empty in-memory site has no content key yet: it answers the public site endpoint
  const url = mode === 'disk' ? `${BASE}/svc/api/v3/content/posts/?key=${contentKey}&include=tags,authors` : `${BASE}/svc/api/v3/admin/site/`;
  const response = await service.fetch(new Request(url));
  await response.arrayBuffer();
  const ms = performance.now() - t0;
  if (response.status !== 200) throw new Error(`first response was ${response.status}`);
  await service.close();
  return { ms, importMs: t0 - i0 };
}

/** Bare PGlite opening the same data: the seed snapshot pressroom loads, or the same directory. */
async function raw(): Promise<{ ms: number; importMs: number }> {
  const { schemaFingerprint } = await import('../lib/storage/sql/migrate');
  const seedFile = join(tmpdir(), `pressroom-seed-${await schemaFingerprint()}.tar.gz`);
  const t0 = performance.now();
  const { PGlite } = await import('@electric-sql/pglite');
  const db =
    mode === 'raw-disk'
      ? await PGlite.create({ dataDir })
      : await PGlite.create({ loadDataDir: new Blob([await readFile(seedFile)]) });
  await db.query(mode === 'raw-disk' ? 'SELECT id FROM posts LIMIT 1' : 'SELECT 1');
  const ms = performance.now() - t0;
  await db.close();
  return { ms, importMs: 0 };
}

const result = mode.startsWith('raw-') ? await raw() : await pressroom();
console.log(JSON.stringify(result));
