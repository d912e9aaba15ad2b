// Processes the tests spawn run lib/ from one esbuild bundle per test run, made by test/global-setup.ts
// from the sources as they are (so never stale), instead of through tsx: tsx resolved and loaded lib/
// module by module in every spawned process, about a CPU-second each (`keys` 2.2 → 1.2 CPU-s, `--help`
// 1.5 → 0.4), and the suite spawns dozens.
import { join } from 'node:path';
import { inject } from 'vitest';
import type { ENTRIES } from './bundled-entries';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The folder test/global-setup.ts bundled ENTRIES into. */
    bundleDir: string;
  }
}

/** The bundled file of an entry, to run as `node <file> …`. */
export function bundled(name: keyof typeof ENTRIES): string {
  return join(inject('bundleDir'), `${name}.mjs`);
}
