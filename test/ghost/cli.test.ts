import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundled } from '../helpers/bundled';
import { exportZip, ghostExport, exportBytes } from './fixture';

const ROOT = resolve(__dirname, '../..');

// lib/cli/run.ts and lib/cli/site.ts, bundled once per test run (test/helpers/bundled.ts)
const SETUP = `
const { openSite } = await import(${JSON.stringify(bundled('site'))});
const site = await openSite({ data: process.argv[1] });
await site.service.setup({ name: 'Ada', email: 'ada@example.com', password: 'a-long-password-1', title: 'CLI site' });
await site.close();`;

function node(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((done) => {
    execFile(process.execPath, args, { cwd: ROOT, timeout: 120_000 }, (error, stdout, stderr) => {
      done({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
    });
  });
}

/** `pressroom <name> …` as an operator runs it, through the dispatcher (lib/cli/main.ts). */
const run = (name: string, args: string[]) => node([bundled('cli'), name, ...args]);

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pressroom-cli-'));
  await writeFile(join(dir, 'export.zip'), exportZip());
  const posts = Array.from({ length: 300 }, (_, i) => ({
    id: `66f${String(i).padStart(21, '0')}`,
    title: `P${i}`,
    slug: `p-${i}`,
    html: '<p>x</p>',
    status: i === 250 ? 'bogus' : 'published',
  }));
  await writeFile(join(dir, 'broken.json'), exportBytes(ghostExport({ posts })));
  const setups = await Promise.all([node(['--input-type=module', '-e', SETUP, join(dir, 'a')]), node(['--input-type=module', '-e', SETUP, join(dir, 'b')])]);
  for (const setup of setups) expect(setup.code, setup.stderr).toBe(0);
}, 180_000);
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('pressroom import and export, spawned', () => {
  it('imports a zip, exports the site, and imports that into an empty site', async () => {
    const imported = await run('import', [join(dir, 'export.zip'), '--data', join(dir, 'a')]);
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stdout).toContain('Imported 5 posts, 1 page, 3 tags, 2 users, 1 image, 4 settings (2 in lexical).');
    expect(imported.stdout).toMatch(/members 1 rows: Not imported: pressroom has no members/);
    // not a terminal: plain lines, the last one the total
    expect(imported.stderr).toMatch(/6 posts in \d+\.\d+s/);
    expect(imported.stderr).not.toContain('\x1b[');
    expect(await readFile(join(dir, 'a/images/2024/03/photo.png'))).toBeTruthy();

    const exported = await run('export', [join(dir, 'site.json'), '--data', join(dir, 'a')]);
    expect(exported.code, exported.stderr).toBe(0);
    expect(exported.stdout).toContain('Exported 6 posts and pages');
    const file = JSON.parse(await readFile(join(dir, 'site.json'), 'utf8'));
    expect(file.db[0].data.posts).toHaveLength(6);

    const again = await run('import', [join(dir, 'site.json'), '--data', join(dir, 'b')]);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toContain('Imported 5 posts, 1 page, 3 tags, 2 users, 0 images');
  }, 180_000);

  it('exits 1 with nothing imported for a file that fails halfway, and 2 for a usage mistake', async () => {
    const broken = await run('import', [join(dir, 'broken.json'), '--data', join(dir, 'b')]);
    expect(broken.code).toBe(1);
    expect(broken.stderr).toContain('Post "p-250": status must be one of');
    expect(broken.stderr).toContain('Nothing was imported.');
    await writeFile(join(dir, 'settings.json'), JSON.stringify({ db: [{ meta: { version: '5.80.0' } }] }));
    const notExport = await run('import', [join(dir, 'settings.json'), '--data', join(dir, 'b')]);
    expect(notExport.code).toBe(1);
    expect(notExport.stderr).toContain('pressroom import: This is not a Ghost export: db[0].data is missing.');
    expect(notExport.stderr).toContain('Nothing was imported.');
    const missing = await run('import', [join(dir, 'nope.json'), '--data', join(dir, 'b')]);
    expect(missing.code).toBe(1);
    const usage = await run('import', []);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('Usage: pressroom import');
    expect((await run('export', ['--bogus'])).code).toBe(2);
  }, 180_000);
});
