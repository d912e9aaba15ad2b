// pressroom behind PgBouncer in transaction mode (issue 38): statements and transactions through the
// pooler, LISTEN and migrations on a direct connection (`listenConnectionString`), and a change made
// by one instance seen by another's read model through NOTIFY. Runs where the pgbouncer binary is
// installed (Debian's package); elsewhere it is skipped with the reason, outside CI.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { chown, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createService, type Service } from '../../lib';
import { createPgStorage } from '../../lib/storage/pg';
import { adminClient, BASE } from '../helpers/service';
import { freePort, startFaultServer, type FaultServer } from './pg-server';

const run = promisify(execFile);
let server: FaultServer | undefined;
let bouncer: ChildProcess | undefined;
let skipped: string | undefined;
let pooled = '';
const services: Service[] = [];

beforeAll(async () => {
  const binary = await run('sh', ['-c', 'command -v pgbouncer'])
    .then(({ stdout }) => stdout.trim())
    .catch(() => '');
  if (!binary) {
    skipped = 'pgbouncer is not installed';
    if (process.env.CI) throw new Error(skipped);
    console.warn(`PgBouncer test skipped: ${skipped}`);
    return;
  }
  const started = await startFaultServer();
  if ('skipped' in started) {
    skipped = started.skipped;
    return;
  }
  server = started;
  const port = await freePort();
  const dir = server.dir;
  const config = join(dir, 'pgbouncer.ini');
  await writeFile(
    config,
    [
      '[databases]',
      `site = host=127.0.0.1 port=${server.port} dbname=site user=postgres`,
      '[pgbouncer]',
      `listen_addr = 127.0.0.1`,
      `listen_port = ${port}`,
      `unix_socket_dir =`,
      'auth_type = trust',
      `auth_file = ${join(dir, 'users.txt')}`,
      'pool_mode = transaction',
      // node-postgres sends the statement timeout as a startup parameter; the pooler cannot pass it on
      'ignore_startup_parameters = statement_timeout',
      'max_client_conn = 100',
      'default_pool_size = 5',
    ].join('\n'),
  );
  await writeFile(join(dir, 'users.txt'), '"postgres" ""\n');
  if (process.getuid?.() === 0) {
    const { stdout: uid } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    for (const file of [config, join(dir, 'users.txt')]) await chown(file, Number(uid), Number(gid));
  }
  // PgBouncer refuses to run as root
  bouncer = process.getuid?.() === 0 ? spawn('runuser', ['-u', 'postgres', '--', binary, config]) : spawn(binary, [config]);
  let log = '';
  bouncer.stderr!.on('data', (chunk) => (log += chunk));
  bouncer.stdout!.on('data', (chunk) => (log += chunk));
  pooled = `postgres://postgres@127.0.0.1:${port}/site`;
  const { default: pg } = await import('pg');
  for (let i = 0; i < 100; i++) {
    const client = new pg.Client({ connectionString: pooled });
    client.on('error', () => undefined);
    const ok = await client.connect().then(
      () => true,
      () => false,
    );
    await client.end().catch(() => undefined);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`pgbouncer did not start: ${log}`);
}, 120_000);

afterAll(async () => {
  for (const service of services) await service.close().catch(() => undefined);
  bouncer?.kill('SIGTERM');
  await server?.destroy();
});

it('works behind PgBouncer in transaction mode, with LISTEN on a direct connection', async (ctx) => {
  if (skipped) return ctx.skip();
  const open = async () => {
    const service = await createService({
      url: BASE,
      storage: await createPgStorage({ connectionString: pooled, listenConnectionString: server!.url() }),
      auth: { passwordIterations: 1000 },
      // other instances' changes are learnt only through NOTIFY within this test
      contentApi: { generationCheckMs: 3_600_000 },
    });
    services.push(service);
    return service;
  };
  const one = await open();
  const two = await open();
  await one.setup({ name: 'Ada', email: 'ada@example.com', password: 'a-long-password-1', title: 'Pooled' });
  const keys = await one.createIntegration({ name: 'pooled' });
  const admin = adminClient(one, keys.adminKey);
  const created = await admin.post('posts/', { posts: [{ title: 'Through the pooler', status: 'published', tags: [{ name: 'pooled' }] }] });
  expect(created.status).toBe(201);
  const post = ((await created.json()) as { posts: { id: string; updated_at: string }[] }).posts[0];
  const read = async () => {
    const response = await two.fetch(new Request(`${BASE}/svc/api/v3/content/posts/?key=${keys.contentKey}&limit=1`));
    return ((await response.json()) as { posts: { title: string }[] }).posts[0].title;
  };
  expect(await read()).toBe('Through the pooler');
  expect(await read()).toBe('Through the pooler');
  const edited = await admin.put(`posts/${post.id}/`, { posts: [{ title: 'Edited through the pooler', updated_at: post.updated_at }] });
  expect(edited.status).toBe(200);
  let title = '';
  for (let i = 0; i < 100 && title !== 'Edited through the pooler'; i++) {
    title = await read();
    if (title !== 'Edited through the pooler') await new Promise((resolve) => setTimeout(resolve, 50));
  }
  expect(title).toBe('Edited through the pooler');
});
