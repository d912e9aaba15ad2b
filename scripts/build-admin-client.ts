// Part of `npm run build`: builds the admin client (admin/) with Vite, then writes every built file,
// gzip and brotli compressed, into lib/admin-client/generated/bundle.ts, which tsup bundles as a lazily
// imported module. The service then serves the client with Web APIs only, in any host.
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { extname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'vite';
import { BASE_PLACEHOLDER, type AdminAsset, type AdminBundle } from '../lib/admin-client/bundle';

const root = fileURLToPath(new URL('../admin/', import.meta.url));
const outDir = join(root, 'dist');
const target = fileURLToPath(new URL('../lib/admin-client/generated/bundle.ts', import.meta.url));

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
};

async function files(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(entries.map((e) => (e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)])));
  return nested.flat();
}

function asset(bytes: Buffer, type: string): AdminAsset {
  return {
    type,
    etag: `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 22)}"`,
    size: bytes.byteLength,
    gzip: gzipSync(bytes, { level: 9 }).toString('base64'),
    br: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).toString('base64'),
  };
}

export async function buildAdminClient(): Promise<AdminBundle> {
  await build({ configFile: join(root, 'vite.config.ts') });
  const bundle: AdminBundle = { html: '', assets: {} };
  for (const file of await files(outDir)) {
    const path = relative(outDir, file).split('\\').join('/');
    const bytes = await readFile(file);
    if (path === 'index.html') {
      bundle.html = bytes.toString('utf8').replaceAll('"./', `"${BASE_PLACEHOLDER}`);
    } else if (path.startsWith('assets/')) {
      bundle.assets[path] = asset(bytes, TYPES[extname(path)] ?? 'application/octet-stream');
    }
  }
  if (!bundle.html) throw new Error('admin client build: no index.html');
  await mkdir(join(target, '..'), { recursive: true });
  const source = `// Written by scripts/build-admin-client.ts; do not edit.\nimport type { AdminBundle } from '../bundle';\n\nexport const bundle: AdminBundle = ${JSON.stringify(bundle)};\n`;
  await writeFile(target, source);
  return bundle;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const bundle = await buildAdminClient();
  const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
  const total = Object.values(bundle.assets).reduce((sum, a) => sum + a.size, 0);
  console.log(`admin client: ${Object.keys(bundle.assets).length} assets, ${kib(total)} before compression → ${fileURLToPath(new URL(`file://${target}`))}`);
}
