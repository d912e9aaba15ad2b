// The built core must run where there are no Node built-ins (Deno, Bun, edge runtimes): bundling
// dist/index.js for a browser-like platform must resolve every import statically reachable from it.
import { existsSync } from 'node:fs';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const built = existsSync(new URL('../../dist/index.js', import.meta.url));
if (!built && process.env.CI) throw new Error('dist/ is missing: CI builds before it tests');

describe.skipIf(!built)('the built ESM core', () => {
  it('imports nothing Node-only, apart from the lazily loaded embedded database and upload parser', async () => {
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
            // loaded with import() only when the default storage or an upload is used
            b.onResolve({ filter: /\/pglite-[A-Z0-9]+\.js$|^busboy$/ }, (args) => ({ path: args.path, external: true }));
          },
        },
      ],
    }).catch((error: { errors: { text: string }[] }) => error);
    const errors = 'errors' in result ? result.errors.map((e) => e.text) : [];
    expect(errors).toEqual([]);
  });
});

if (!built) {
  describe('the built ESM core', () => {
    it.skip('skipped: run npm run build first (dist/ is missing)', () => {});
  });
}
