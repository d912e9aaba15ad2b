// What test/global-setup.ts bundles for the processes tests spawn (test/helpers/bundled.ts); apart from
// bundled.ts, because a global setup may not import vitest.

/** The programs spawned processes run, by name; each is an entry of the bundle. */
export const ENTRIES = {
  /** `pressroom <command> …` from source: lib/cli/run.ts */
  cli: 'lib/cli/run.ts',
  /** openSite() and the rest of lib/cli/site.ts, for scripts that set up a site on disk */
  site: 'lib/cli/site.ts',
  'hold-data-dir': 'test/storage/fixtures/hold-data-dir.ts',
  'crash-writer': 'test/robustness/fixtures/writer.ts',
  'pg-instance': 'test/multi-instance/fixtures/instance.ts',
} as const;
