import { fileURLToPath } from 'node:url';
import { defineConfig, type Options } from 'tsup';

// One entry per public subpath; pg and express stay external (optional peer dependencies).
const entry = {
  index: 'lib/index.ts',
  node: 'lib/adapters/node.ts',
  express: 'lib/adapters/express.ts',
  next: 'lib/adapters/next.ts',
  pg: 'lib/storage/pg.ts',
  s3: 'lib/files/s3.ts',
};

// tsup would strip node: and leave assert external, emitting a require() that fails in an ES module;
// with that off, this plugin resolves it to the shim
const assertShim = {
  name: 'node-assert-shim',
  setup(build: { onResolve(options: { filter: RegExp }, callback: () => { path: string }): void }) {
    build.onResolve({ filter: /^(node:)?assert$/ }, () => ({ path: fileURLToPath(new URL('lib/shims/assert.cjs', import.meta.url)) }));
  },
};

// no source maps: they would double the package's size for readers of code that ships unminified
const shared: Options = { target: 'node20', platform: 'neutral', external: ['pg', 'express'], sourcemap: false };

export default defineConfig([
  // ESM is split so the embedded database (Node-only) stays a lazily imported chunk of its own, and
  // find-my-way is bundled with node:assert shimmed: the core bundle runs where there are no Node built-ins
  // the CLI is one more entry of this build, so it shares the core's chunks instead of bundling a copy
  {
    ...shared,
    entry: { ...entry, cli: 'lib/cli/main.ts' },
    format: ['esm'],
    dts: { entry },
    clean: true,
    splitting: true,
    noExternal: ['find-my-way'],
    removeNodeProtocol: false,
    esbuildPlugins: [assertShim],
    // Node built-ins stay imports (of the Node-only chunks), except assert, which the shim replaces
    external: ['pg', 'express', /^node:(?!assert$)/],
  },
  { ...shared, entry, format: ['cjs'], dts: { entry }, splitting: false, shims: true },
]);
