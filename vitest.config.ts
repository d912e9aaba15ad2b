import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

// The files that take longest (a Next.js build; CLI processes spawned one after another) start first: with no
// timings cached (a clean clone, as in CI) vitest starts the largest files first, which put these small ones
// among the last, where one of them could keep a fork busy after the other had run out of files.
const LONG = ['test/examples/next-app.test.ts', 'test/examples/examples.test.ts', 'test/storage/data-dir.test.ts', 'test/ghost/cli.test.ts', 'test/cli/'];

class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const long = (file: TestSpecification) => LONG.some((path) => file.moduleId.includes(`/${path}`));
    return [...sorted.filter(long), ...sorted.filter((file) => !long(file))];
  }
}

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
    sequence: { sequencer: LongestFirst },
  },
});
