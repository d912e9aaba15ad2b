// Misconfigurations an operator makes, each reported with the path, URL or package at fault.
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { POSTGRES_URL, postgresAvailable } from '../helpers/postgres';
import { cli, serveCli } from './spawn-cli';

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'pressroom-cli-misconfig-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

it('names the path and the cause for a data directory it cannot use', async () => {
  const file = join(root, 'plain-file');
  await writeFile(file, 'x');
  const foreign = join(root, 'someone-elses');
  await mkdir(foreign);
  await writeFile(join(foreign, 'thesis.docx'), 'x');
  const [underFile, onForeign] = await Promise.all([cli(['keys', '--data', join(file, 'data')]), cli(['serve', '--port', '0', '--data', foreign])]);
  expect(underFile.code).toBe(1);
  expect(underFile.stderr).toBe(
    `pressroom keys: Cannot use the data directory ${join(file, 'data')}: a part of the path is a file, not a directory (ENOTDIR).\n`,
  );
  expect(onForeign.code).toBe(1);
  expect(onForeign.stderr).toBe(
    `pressroom serve: Cannot use the data directory ${foreign}: it holds other files (thesis.docx) and no site. Choose an empty or new directory.\n`,
  );
  expect(onForeign.stderr).not.toContain('PGlite');

  // a folder this user may not write to; root writes anywhere by its capability to override file modes, so
  // as root the CLI runs without it — still root, so it reads the checkout wherever the clone lives
  const locked = join(root, 'read-only');
  await mkdir(locked, { mode: 0o555 });
  await chmod(locked, 0o555);
  const withoutOverride = ['setpriv', '--inh-caps=-dac_override,-dac_read_search', '--bounding-set=-dac_override,-dac_read_search'];
  const denied = await cli(['keys', '--data', join(locked, 'data')], process.getuid?.() === 0 ? { prefix: withoutOverride } : {});
  expect(denied.code).toBe(1);
  expect(denied.stderr).toBe(`pressroom keys: Cannot create the data directory ${join(locked, 'data', 'data')}: permission denied (EACCES).\n`);
}, 60_000);

it('says what is wrong with a database URL without echoing its password', async () => {
  const [badEnv, refused] = await Promise.all([
    cli(['keys'], { env: { DATABASE_URL: 'postgres://user:pa55word-x@' } }),
    cli(['keys', '--database-url', 'postgres://user:pa55word-y@127.0.0.1:1/site']),
  ]);
  expect(badEnv.code).toBe(1);
  expect(badEnv.stderr).toMatch(/^pressroom keys: DATABASE_URL /);
  expect(badEnv.stderr).not.toContain('pa55word');
  expect(refused.code).toBe(1);
  expect(refused.stderr).toContain('pressroom keys: Cannot open the PostgreSQL database postgres://user:***@127.0.0.1:1/site: ');
  expect(refused.stderr).toContain('ECONNREFUSED');
  expect(refused.stderr).not.toContain('pa55word');
}, 60_000);

it('says npm install pg when the pg package is missing', async () => {
  const run = await cli(['keys', '--database-url', 'postgres://127.0.0.1/site'], { node: ['--import', join(__dirname, 'fixtures', 'without-pg.mjs')] });
  expect(run.code).toBe(1);
  expect(run.stderr).toBe('pressroom keys: A PostgreSQL database needs the pg package: npm install pg\n');
}, 60_000);

it('serves a PostgreSQL database with --database-url, --data then holding only the credentials file and uploads', async () => {
  const available = await postgresAvailable();
  if (!available.ok) throw new Error(available.reason);
  const { default: pg } = await import('pg');
  const database = `pressroom_cli_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${database}`);
  try {
    const url = new URL(POSTGRES_URL);
    url.pathname = `/${database}`;
    const data = join(root, 'pg-site');
    const server = await serveCli(['--port', '0', '--data', data], { env: { DATABASE_URL: url.href } });
    const { contentKey } = JSON.parse(await readFile(join(root, 'pg-site', 'pressroom-credentials.json'), 'utf8'));
    expect((await fetch(`${server.url}/svc/api/v3/content/settings/?key=${contentKey}`)).status).toBe(200);
    expect(server.stdout()).toMatch(/database ready in \d+\.\d s \(postgres:\/\//);
    expect((await server.stop()).code).toBe(0);
    const { readdir } = await import('node:fs/promises');
    expect((await readdir(join(root, 'pg-site'))).sort()).toEqual(['pressroom-credentials.json']);
    const keys = await cli(['keys', '--database-url', url.href]);
    expect(keys.stdout).toContain(`content_key=${contentKey}`);
  } finally {
    await admin.query(`DROP DATABASE ${database} WITH (FORCE)`).catch(() => {});
    await admin.end();
  }
}, 120_000);
