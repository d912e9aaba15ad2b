// Some suites use the built package (the examples, the package's exports, the Next.js app): on a fresh
// clone `npm test` builds it once first, so `npm install && npm test` works as the README says.
// Processes the tests spawn run lib/ from a bundle made here (test/helpers/bundled.ts says why).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { build } from 'esbuild';
import type { TestProject } from 'vitest/node';
import { ENTRIES } from './helpers/bundled-entries';

const root = join(__dirname, '..');

function buildIfMissing(): void {
  const built = existsSync(join(root, 'dist', 'index.js')) && existsSync(join(root, 'lib', 'admin-client', 'generated', 'bundle.ts'));
  if (built) return;
  console.log('dist/ or the admin client is not built: running npm run build first');
  execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  buildIfMissing();
  // inside the repository, so the bundle's imports of packages resolve to its node_modules; one folder
  // per run, so two runs at once never overwrite each other's
  const cache = join(root, 'node_modules', '.cache');
  await mkdir(cache, { recursive: true });
  const dir = await mkdtemp(join(cache, 'pressroom-spawned-'));
  const bundle = () =>
    build({
      entryPoints: Object.fromEntries(Object.entries(ENTRIES).map(([name, file]) => [name, join(root, file)])),
      outdir: dir,
      outExtension: { '.js': '.mjs' },
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      logLevel: 'warning',
    });
  await bundle();
  // in watch mode, from the sources as they are at each rerun
  project.onTestsRerun(async () => void (await bundle()));
  project.provide('bundleDir', dir);
  return () => rm(dir, { recursive: true, force: true });
}
