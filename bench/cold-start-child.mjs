// One cold start, in a fresh process: `<mode> <entry> [dataDir|seedFile] [contentKey]`; prints
// {"ms": …, "importMs": …}. Modes: `memory` / `disk` start pressroom from <entry> (the built
// dist/index.js, or lib/index.ts when run with tsx); `raw-memory` / `raw-disk` start bare PGlite on
// the same seed file or directory. Plain JavaScript, so that starting the built package is timed
// without a TypeScript loader in the way.
import { readFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { gunzipSync } from 'node:zlib';

const BASE = 'http://127.0.0.1:2368';
const [mode, entry, target, contentKey] = process.argv.slice(2);

async function pressroom() {
  const i0 = performance.now();
  const { createService } = await import(pathToFileURL(entry).href);
  const t0 = performance.now();
  const service = await createService({ url: BASE, dataDir: mode === 'disk' ? target : undefined, auth: { passwordIterations: 1000 } });
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
async function raw() {
  const t0 = performance.now();
  const { PGlite } = await import('@electric-sql/pglite');
  const db =
    mode === 'raw-disk' ? await PGlite.create({ dataDir: target }) : await PGlite.create({ loadDataDir: new Blob([gunzipSync(await readFile(target))]) });
  await db.query(mode === 'raw-disk' ? 'SELECT id FROM posts LIMIT 1' : 'SELECT 1');
  const ms = performance.now() - t0;
  await db.close();
  return { ms, importMs: 0 };
}

const result = mode.startsWith('raw-') ? await raw() : await pressroom();
console.log(JSON.stringify(result));
