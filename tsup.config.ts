import { defineConfig, type Options } from 'tsup';

// One entry per public subpath; pg and express stay external (optional peer dependencies).
const entry = {
  index: 'lib/index.ts',
  node: 'lib/adapters/node.ts',
  express: 'lib/adapters/express.ts',
  next: 'lib/adapters/next.ts',
  pg: 'lib/storage/pg.ts',
};

const shared: Options = { target: 'node20', platform: 'neutral', external: ['pg', 'express'], sourcemap: true };

export default defineConfig([
  // ESM is split so the embedded database (Node-only) stays a lazily imported chunk of its own and
  // the core bundle runs where there are no Node built-ins
  { ...shared, entry, format: ['esm'], dts: { entry }, clean: true, splitting: true },
  { ...shared, entry, format: ['cjs'], dts: { entry }, splitting: false, shims: true },
  {
    entry: { cli: 'lib/cli/main.ts' },
    format: ['esm'],
    target: 'node20',
    platform: 'node',
    sourcemap: true,
    splitting: false,
  },
]);
