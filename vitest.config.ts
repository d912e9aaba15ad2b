import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // the machines have 2 cores; vitest would otherwise keep one for itself and run files one by one
    poolOptions: { forks: { minForks: 1, maxForks: 2 } },
    // Each fork runs file after file instead of starting a fresh process per file: a fresh one imported
    // lib/ and compiled PGlite's WebAssembly again for every file, more than half the CPU test/api used
    // (70 → 29 CPU-seconds for its 15 files). Every file builds its own services and closes them; none changes
    // process-wide state it does not restore (test/examples/next-trailing-slash.test.ts puts its
    // environment variables back).
    isolate: false,
  },
});
