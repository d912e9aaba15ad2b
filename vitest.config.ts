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
  },
});
