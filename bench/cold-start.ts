// Section 6: `createService()` to the first 200 response, each in a fresh process, median of 5;
// against bare PGlite opening the same data in a fresh process.
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { schemaFingerprint } from '../lib/storage/sql/migrate';
import { runChild } from './child';
import type { BenchContext } from './context';
import { createSite } from './dataset';
import { SIZES } from './context';
import { median } from './measure';

interface Start {
  ms: number;
  importMs: number;
}

async function starts(args: string[], times: number) {
  const runs = [];
  for (let i = 0; i < times; i++) runs.push(await runChild<Start>('cold-start-child.ts', args));
  return {
    ms: median(runs.map((r) => r.result.ms)),
    importMs: median(runs.map((r) => r.result.importMs)),
    wallMs: median(runs.map((r) => r.wallMs)),
    all: runs.map((r) => Math.round(r.result.ms)),
  };
}

export async function coldStartSection(ctx: BenchContext): Promise<void> {
  const { settings, report } = ctx;
  const seedFile = join(tmpdir(), `pressroom-seed-${await schemaFingerprint()}.tar.gz`);
  report.note(
    existsSync(seedFile)
      ? 'cold start: the migrated seed snapshot was already cached in the OS temp dir (as after any first run)'
      : 'cold start: no cached seed snapshot at the start; the warm-up start below built it',
  );
  // the first start of a new schema builds the seed snapshot; that one-off is not what is measured
  await runChild('cold-start-child.ts', ['memory']);

  const dir = await mkdtemp(join(tmpdir(), 'pressroom-bench-'));
  try {
    const site = await createSite(SIZES[settings.size], { dataDir: join(dir, 'db') });
    const key = site.contentKey;
    await site.close();
    const section = 'cold-start';
    const target = { of: 'value' as const, op: '<=' as const, limit: 1000 };
    const n = settings.coldStarts;

    const rawMemory = await starts(['raw-memory'], n);
    const memory = await starts(['memory'], n);
    report.add({
      section, name: `in memory, empty site → GET site/, median of ${n}`, value: memory.ms, unit: 'ms',
      baseline: rawMemory.ms, baselineName: 'ms bare PGlite from the seed', target,
      detail: { runsMs: memory.all, importLibMs: memory.importMs, processWallMs: memory.wallMs, rawRunsMs: rawMemory.all },
    });

    const rawDisk = await starts(['raw-disk', join(dir, 'db')], n);
    const disk = await starts(['disk', join(dir, 'db'), key], n);
    report.add({
      section, name: `on disk, ${settings.size} posts → GET posts/, median of ${n}`, value: disk.ms, unit: 'ms',
      baseline: rawDisk.ms, baselineName: 'ms bare PGlite on the directory', target,
      detail: { runsMs: disk.all, importLibMs: disk.importMs, processWallMs: disk.wallMs, rawRunsMs: rawDisk.all },
    });
    report.add({
      section, name: 'importing pressroom (before createService), median', value: memory.importMs, unit: 'ms',
      note: 'tsx transpiles on the fly; a built dist/ imports faster',
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
