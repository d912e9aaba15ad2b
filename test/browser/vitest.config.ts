import { defineConfig } from 'vitest/config';

// The admin client in a real browser: its own run (`npm run test:browser`), not part of `npm test`.
export default defineConfig({
  test: {
    include: ['test/browser/**/*.e2e.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    pool: 'forks',
    poolOptions: { forks: { singleFork: true } },
  },
});
