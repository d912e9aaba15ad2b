// The built core must run where there are no Node built-ins (Deno, Bun, edge runtimes): bundling
// dist/index.js for a browser-like platform must resolve every import statically reachable from it.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const built = existsSync(new URL('../../dist/index.js', import.meta.url));
if (!built && process.env.CI) throw new Error('dist/ is missing: CI builds before it tests');

describe.skipIf(!built)('the built ESM core', () => {
  it('imports nothing Node-only, apart from the lazily loaded embedded database, its upload folders, the upload parser and the image resizer', async () => {
    const result = await build({
      entryPoints: [new URL('../../dist/index.js', import.meta.url).pathname],
      bundle: true,
      write: false,
      platform: 'browser',
      format: 'esm',
      logLevel: 'silent',
      plugins: [
        {
          name: 'lazy-node-parts',
          setup(b) {
            // loaded with import() only when the default storage (lib/storage/pglite/storage.ts, bundled as
            // storage-*.js), its folder stores for uploads, an upload or a resized image is used
            b.onResolve({ filter: /\/(storage|beside-data|image-transform)-[A-Z0-9]+\.js$|^busboy$/ }, (args) => ({ path: args.path, external: true }));
          },
        },
      ],
    }).catch((error: { errors: { text: string }[] }) => error);
    const errors = 'errors' in result ? result.errors.map((e) => e.text) : [];
    expect(errors).toEqual([]);
  });

  it('leaves no require() behind in the ES module files, where it would throw', () => {
    const dist = new URL('../../dist/', import.meta.url);
    for (const file of readdirSync(dist).filter((name) => name.endsWith('.js') && name !== 'cli.js')) {
      expect(readFileSync(new URL(file, dist), 'utf8'), file).not.toMatch(/__require\(\s*["']/);
    }
  });

  it('runs: ESM and CommonJS builds each serve a request', () => {
    const script = (load: string) => `
      const { createService } = ${load};
      createService().then(async (s) => {
        const r = await s.fetch(new Request('http://127.0.0.1:2368/svc/api/v3/admin/site/'));
        process.stdout.write(String(r.status));
        await s.close();
      });`;
    const dist = new URL('../../dist/', import.meta.url).pathname;
    const esm = execFileSync(process.execPath, ['--input-type=module', '-e', script(`await import('${dist}index.js')`)], { encoding: 'utf8' });
    const cjs = execFileSync(process.execPath, ['-e', script(`require('${dist}index.cjs')`)], { encoding: 'utf8' });
    expect([esm, cjs]).toEqual(['200', '200']);
  });
});

if (!built) {
  describe('the built ESM core', () => {
    it.skip('skipped: run npm run build first (dist/ is missing)', () => {});
  });
}
