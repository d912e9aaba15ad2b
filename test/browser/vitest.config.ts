import { defineConfig } from 'vitest/config';

// The admin client in a real browser: its own run (`npm run test:browser`), not part of `npm test`.
export default defineConfig({
  test: {
    include: ['test/browser/**/*.e2e.ts'],
    globalSetup: ['test/browser/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // what the browser shows may take a debounce and a round trip: poll for up to 10 s, not vitest's 1 s
    expect: { poll: { timeout: 10_000, interval: 100 } },
    pool: 'forks',
    poolOptions: { forks: { singleFork: true } },
    // one process runs file after file (as in vitest.config.ts): lib/ is imported once, not once per file
    isolate: false,
  },
});
