// Where `pressroom serve` writes (issue 38): only inside the folder --data names, in Ghost's content/
// layout; the folder above it keeps its mode and gains no file; a site of the earlier layout (--data
// naming the database, the rest in its parent) keeps working.
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { cli, serveCli } from './spawn-cli';

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'pressroom-cli-folders-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

it('keeps everything inside --data: its existing parent keeps its mode and gains no file', async () => {
  const parent = join(root, 'srv');
  await mkdir(parent);
  await chmod(parent, 0o755);
  const site = join(parent, 'site');
  const server = await serveCli(['--port', '0', '--data', site, '--quiet']);
  const { contentKey } = JSON.parse(await readFile(join(site, 'pressroom-credentials.json'), 'utf8'));
  expect((await fetch(`${server.url}/svc/api/v3/content/settings/?key=${contentKey}`)).status).toBe(200);
  expect((await server.stop()).code).toBe(0);
  expect((await stat(parent)).mode & 0o777).toBe(0o755);
  expect(await readdir(parent)).toEqual(['site']);
  // Ghost's content/ layout, in a folder pressroom created private
  expect((await readdir(site)).filter((entry) => !entry.startsWith('.')).sort()).toEqual(['data', 'pressroom-credentials.json']);
  expect(await readdir(join(site, 'data'))).toContain('PG_VERSION');
  expect((await stat(site)).mode & 0o777).toBe(0o700);
}, 120_000);

it('leaves the mode of an existing --data folder as it is', async () => {
  const given = join(root, 'given');
  await mkdir(given);
  await chmod(given, 0o750);
  const server = await serveCli(['--port', '0', '--data', given, '--quiet']);
  expect((await server.stop()).code).toBe(0);
  expect((await stat(given)).mode & 0o777).toBe(0o750);
  expect((await stat(join(given, 'pressroom-credentials.json'))).mode & 0o777).toBe(0o600);
}, 120_000);

it('serves a site of the earlier layout from where its files are, saying how to name it now', async () => {
  // the earlier layout is this one seen from below: --data named content/data, the rest was in content/
  const content = join(root, 'old', 'content');
  const first = await serveCli(['--port', '0', '--data', content, '--quiet']);
  expect((await first.stop()).code).toBe(0);
  const credentials = JSON.parse(await readFile(join(content, 'pressroom-credentials.json'), 'utf8'));
  const entries = (await readdir(join(root, 'old'))).sort();

  const old = await serveCli(['--port', '0', '--data', join(content, 'data')]);
  expect(old.stdout()).toContain(`  Content API key: ${credentials.contentKey}\n`);
  expect(old.stdout()).toContain(`\`--data ${content}\` names the same files in the current layout`);
  expect((await fetch(`${old.url}/svc/api/v3/content/settings/?key=${credentials.contentKey}`)).status).toBe(200);
  expect((await old.stop()).code).toBe(0);
  expect((await readdir(join(root, 'old'))).sort()).toEqual(entries);
  const keys = await cli(['keys', '--data', join(content, 'data')]);
  expect(keys.code).toBe(0);
  expect(keys.stdout).toContain(credentials.contentKey);
}, 180_000);
