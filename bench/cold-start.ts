// Section 6: `createService()` to the first 200 response, each in a fresh process, median of 5;
// against bare PGlite opening the same data in a fresh process. It starts the built package, as a
// user's process would.
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { schemaFingerprint } from '../lib/storage/sql/migrate';
import { seedName } from '../lib/storage/pglite/seed';
import { runChild } from './child';
import type { BenchContext } from './context';
import { createSite } from './dataset';
import { SIZES } from './context';
import { median } from './measure';

interface Start {
  ms: number;
  importMs: number;
}

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const ENTRY = join(ROOT, 'dist', 'index.js');

function newestIn(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) newest = Math.max(newest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

/** Users start the built package, with the seed it ships; build it when lib/ has changed since. */
async function builtPackage(ctx: BenchContext): Promise<void> {
  if (existsSync(ENTRY) && statSync(ENTRY).mtimeMs >= newestIn(join(ROOT, 'lib'))) return;
  ctx.report.note('cold start: dist/ was missing or older than lib/, so `npm run build` ran first');
  await promisify(execFile)('npm', ['run', 'build'], { cwd: ROOT, maxBuffer: 64 * 1024 * 1024 });
}

async function starts(args: string[], times: number) {
  const runs = [];
  for (let i = 0; i < times; i++) runs.push(await runChild<Start>('cold-start-child.mjs', args, [], { typescript: false }));
  return {
    ms: median(runs.map((r) => r.result.ms)),
    importMs: median(runs.map((r) => r.result.importMs)),
    wallMs: median(runs.map((r) => r.wallMs)),
    all: runs.map((r) => Math.round(r.result.ms)),
  };
}

export async function coldStartSection(ctx: BenchContext): Promise<void> {
  const { settings, report } = ctx;
  await builtPackage(ctx);
  const seedFile = join(ROOT, 'dist', seedName(await schemaFingerprint()));
  if (!existsSync(seedFile)) throw new Error(`the build left no seed snapshot at ${seedFile}`);
  // one untimed start first, so that every timed one finds the files in the OS cache alike
  await runChild('cold-start-child.mjs', ['memory', ENTRY], [], { typescript: false });

  const dir = await mkdtemp(join(tmpdir(), 'pressroom-bench-'));
  try {
    const site = await createSite(SIZES[settings.size], { dataDir: join(dir, 'db') });
    const key = site.contentKey;
    await site.close();
    const section = 'cold-start';
    const target = { of: 'value' as const, op: '<=' as const, limit: 1000 };
    const n = settings.coldStarts;

    const rawMemory = await starts(['raw-memory', ENTRY, seedFile], n);
    const memory = await starts(['memory', ENTRY], n);
    report.add({
      section,
      name: `in memory, empty site → GET site/, median of ${n}`,
      value: memory.ms,
      unit: 'ms',
      baseline: rawMemory.ms,
      baselineName: 'ms bare PGlite from the seed',
      target,
      detail: { runsMs: memory.all, importLibMs: memory.importMs, processWallMs: memory.wallMs, rawRunsMs: rawMemory.all },
    });

    const rawDisk = await starts(['raw-disk', ENTRY, join(dir, 'db')], n);
    const disk = await starts(['disk', ENTRY, join(dir, 'db'), key], n);
    report.add({
      section,
      name: `on disk, ${settings.size} posts → GET posts/, median of ${n}`,
      value: disk.ms,
      unit: 'ms',
      baseline: rawDisk.ms,
      baselineName: 'ms bare PGlite on the directory',
      target,
      detail: { runsMs: disk.all, importLibMs: disk.importMs, processWallMs: disk.wallMs, rawRunsMs: rawDisk.all },
    });
    report.add({
      section,
      name: 'importing pressroom (before createService), median',
      value: memory.importMs,
      unit: 'ms',
      note: 'the built dist/index.js',
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
