// The fault suite (issue 38): a PostgreSQL server of its own (pg-server.ts) whose connections are cut,
// which is stopped (fast and immediate) and started again under load, and whose statements time out.
// What a user of the service must see: the host stays up, every request is answered (503 with
// Retry-After while the database is gone, never a 500), writes work again within seconds, every
// acknowledged write is there whole, the Content API shows a change made after recovery at once, and
// webhooks are delivered.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Pool } from 'pg';
import { createService, type Service, type ServiceOptions } from '../../lib';
import { createPgStorage, type PgStorageOptions } from '../../lib/storage/pg';
import { bundled } from '../helpers/bundled';
import { adminClient, BASE, type Client } from '../helpers/service';
import { cli } from '../cli/spawn-cli';
import { freePort, startFaultServer, type FaultServer } from './pg-server';

/** Accepted by trust authentication and never to appear in a log line. */
const PASSWORD = 'fault-suite-secret-9f2c';
const CONTENT = `${BASE}/svc/api/v3/content`;

interface Site {
  service: Service;
  admin: Client;
  contentKey: string;
  logs: string[];
}

/**
 * Ids of the posts whose `post.added` webhook arrived (at least once each), through any of the sites:
 * they share one database, so the worker of a site an earlier test opened may claim the delivery.
 */
const delivered = new Set<string>();

let server: FaultServer | undefined;
let skipped: string | undefined;
const sites: Site[] = [];
const pools: Pool[] = [];

async function openSite(storage: Partial<PgStorageOptions> = {}, options: ServiceOptions = {}, first = false): Promise<Site> {
  const logs: string[] = [];
  const logger = {
    info: (message: string) => logs.push(`info ${message}`),
    warn: (message: string) => logs.push(`warn ${message}`),
    error: (message: string, error?: unknown) => logs.push(`error ${message} ${error instanceof Error ? error.message : ''}`),
  };
  const service = await createService({
    url: BASE,
    storage: await createPgStorage({ connectionString: server!.url(PASSWORD), logger, connectTimeoutMs: 1000, statementTimeoutMs: 5000, ...storage }),
    logger,
    auth: { passwordIterations: 1000 },
    webhooks: {
      backoffMs: 100,
      transport: async (request) => {
        const body = (await request.json()) as { post?: { current?: { id?: string } } };
        if (body.post?.current?.id) delivered.add(body.post.current.id);
        return new Response(null, { status: 200 });
      },
    },
    ...options,
  });
  if (first) await service.setup({ name: 'Ada', email: 'ada@example.com', password: 'a-long-password-1', title: 'Faults' });
  const { adminKey, contentKey } = await service.createIntegration({ name: `faults ${sites.length}` });
  const site = { service, admin: adminClient(service, adminKey), contentKey, logs };
  sites.push(site);
  return site;
}

/** A fetch that must be answered: a hang fails the test instead of stalling it. */
async function answered(request: Promise<Response>, what: string): Promise<Response> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const hang = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what}: no answer within 15 s`)), 15_000)));
  try {
    return await Promise.race([request, hang]);
  } finally {
    clearTimeout(timer);
  }
}

const content = (site: Site, path: string) =>
  answered(site.service.fetch(new Request(`${CONTENT}/${path}${path.includes('?') ? '&' : '?'}key=${site.contentKey}`)), `GET ${path}`);

/** Checks a 503 is the service's: the envelope, the type, and when to come back. */
async function expectUnavailable(response: Response): Promise<void> {
  expect(response.status).toBe(503);
  expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
  const body = (await response.json()) as { errors: { type: string; code: string }[] };
  expect(body.errors[0]).toMatchObject({ type: 'ServiceUnavailableError', code: 'DATABASE_UNAVAILABLE' });
}

/** Repeats `attempt` until it returns something, at most `count` times and `ms` in all. */
async function until<T>(what: string, attempt: () => Promise<T | undefined>, count = 200, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (let i = 0; i < count && Date.now() < deadline; i++) {
    const result = await attempt().catch(() => undefined);
    if (result !== undefined) return result;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${what}: not within ${count} attempts and ${ms} ms`);
}

interface Load {
  statuses: number[];
  /** Posts whose creation was answered 201. */
  acknowledged: string[];
  /** 503s that were not the service's well-formed one. */
  malformed: string[];
  stop(): Promise<void>;
}

/** Writers adding posts with two new tags each, and readers of both APIs, until stopped. */
function load(site: Site, label: string, workers = 4): Load {
  const result: Load = { statuses: [], acknowledged: [], malformed: [], stop: async () => {} };
  let running = true;
  const worker = async (n: number) => {
    for (let i = 0; running && i < 500; i++) {
      const title = `${label}-${n}-${i}`;
      const write = await answered(
        site.admin.post('posts/', { posts: [{ title, status: 'published', tags: [{ name: `${title}-a` }, { name: `${title}-b` }] }] }),
        'write',
      );
      result.statuses.push(write.status);
      if (write.status === 201) result.acknowledged.push(((await write.json()) as { posts: { id: string }[] }).posts[0].id);
      else if (write.status === 503) {
        if (!write.headers.get('retry-after')) result.malformed.push('503 without Retry-After');
        await write.body?.cancel();
      } else await write.body?.cancel();
      const read = await content(site, 'posts/?limit=3&include=tags');
      result.statuses.push(read.status);
      await read.body?.cancel();
      // pauses while the database is gone, so the outage is not a busy loop
      if (write.status === 503) await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const all = Promise.all(Array.from({ length: workers }, (_, n) => worker(n)));
  result.stop = async () => {
    running = false;
    await all;
  };
  return result;
}

/** Every acknowledged post is there with both its tags; no post of the run is there without them. */
async function expectWhole(site: Site, label: string, acknowledged: string[]): Promise<void> {
  const rows = await server!.sql<{ id: string; title: string; tags: string }>(
    `SELECT p.id, p.title, count(pt.tag_id)::text AS tags FROM posts p LEFT JOIN posts_tags pt ON pt.post_id = p.id WHERE p.title LIKE $1 GROUP BY p.id, p.title`,
    [`${label}-%`],
  );
  const found = new Map(rows.map((row) => [row.id, row]));
  for (const id of acknowledged) expect(found.has(id), `acknowledged post ${id}`).toBe(true);
  for (const row of rows) expect(row.tags, `tags of ${row.title}`).toBe('2');
  // outbox rows without their post: none (a delivery names the post it was staged with)
  const orphans = await server!.sql(
    `SELECT d.id FROM webhook_deliveries d WHERE d.body::text LIKE $1 AND NOT EXISTS (SELECT 1 FROM posts p WHERE d.body::text LIKE '%' || p.id || '%')`,
    [`%${label}-%`],
  );
  expect(orphans).toEqual([]);
  // each acknowledged post's webhook arrives (at least once), the worker going on by itself; a claim
  // whose answer the cut lost is sent again only when its lease ends (timeoutMs + 60 s, lib/events/worker.ts)
  await until('webhooks delivered', async () => (acknowledged.every((id) => delivered.has(id)) ? true : undefined), 1000, 90_000).catch(async (error) => {
    const missing = acknowledged.filter((id) => !delivered.has(id));
    const rows = await server!.sql(`SELECT * FROM webhook_deliveries WHERE body::text LIKE $1`, [`%${missing[0]}%`]);
    throw new Error(`${(error as Error).message}; ${missing.length} missing, e.g. ${JSON.stringify(rows)}; logs ${site.logs.slice(-8).join(' | ')}`);
  });
}

/** No log line repeats the password of the connection string. */
const expectNoSecret = () => {
  for (const site of sites) for (const line of site.logs) expect(line).not.toContain(PASSWORD);
};

let main: Site;

beforeAll(async () => {
  const started = await startFaultServer();
  if ('skipped' in started) {
    skipped = started.skipped;
    return;
  }
  server = started;
  main = await openSite({}, {}, true);
  await main.admin.post('webhooks/', { webhooks: [{ event: 'post.added', target_url: 'https://hooks.example.com/in' }] });
}, 120_000);

afterAll(async () => {
  for (const site of sites) await site.service.close().catch(() => undefined);
  for (const pool of pools) await pool.end().catch(() => undefined);
  await server?.destroy();
});

describe('a PostgreSQL server that fails', () => {
  it('terminated idle connections: the host (and one that passed its own pool) stays up, LISTEN comes back, once logged', async (ctx) => {
    if (skipped) return ctx.skip();
    const { default: pg } = await import('pg');
    // a host's own pool with no 'error' listener of its own: the storage must handle it
    const hostPool = new pg.Pool({ connectionString: server!.url(PASSWORD) });
    pools.push(hostPool);
    const hosted = await openSite({ pool: hostPool });
    // learns other instances' changes only by NOTIFY (no polling within the test), so LISTEN must come back
    const listening = await openSite({}, { contentApi: { generationCheckMs: 3_600_000 } });
    const created = await main.admin.post('posts/', { posts: [{ title: 'Before the cut', status: 'published' }] });
    const post = ((await created.json()) as { posts: { id: string; updated_at: string }[] }).posts[0];
    expect((await content(listening, 'posts/?limit=1')).headers.get('x-cache')).toBe('MISS');
    expect((await content(listening, 'posts/?limit=1')).headers.get('x-cache')).toBe('HIT');
    expect((await hosted.admin.get('posts/')).status).toBe(200);
    const logged = sites.map((site) => site.logs.length);

    expect(await server!.terminateAll()).toBeGreaterThan(0);
    // every instance listens again (three pg-side LISTEN connections), without a restart
    await until('LISTEN re-established', async () => {
      const rows = await server!.sql(`SELECT 1 FROM pg_stat_activity WHERE datname = 'site' AND query = 'LISTEN "pressroom_changes"' AND state = 'idle'`);
      return rows.length >= sites.length ? true : undefined;
    });
    expect((await hosted.admin.get('posts/')).status).toBe(200);

    // another instance's change after the cut reaches the listening one through NOTIFY
    const edited = await main.admin.put(`posts/${post.id}/`, { posts: [{ title: 'After the cut', updated_at: post.updated_at }] });
    expect(edited.status).toBe(200);
    await until('the change shown', async () => {
      const body = (await (await content(listening, 'posts/?limit=1')).json()) as { posts: { title: string }[] };
      return body.posts[0].title === 'After the cut' ? true : undefined;
    });
    // each instance reported the loss once, without credentials
    sites.forEach((site, i) => {
      const warnings = site.logs.slice(logged[i]).filter((line) => line.startsWith('warn PostgreSQL'));
      expect(warnings.length, site.logs.slice(logged[i]).join('\n')).toBe(1);
    });
    expectNoSecret();
  });

  it('connections terminated under concurrent reads and writes: answered 200/201/503, nothing half-written, webhooks delivered', async (ctx) => {
    if (skipped) return ctx.skip();
    const run = load(main, 'cut');
    for (let i = 0; i < 3; i++) {
      await new Promise((resolve) => setTimeout(resolve, 600));
      await server!.terminateAll();
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    await run.stop();
    expect(run.statuses.filter((status) => ![200, 201, 503].includes(status))).toEqual([]);
    expect(run.malformed).toEqual([]);
    expect(run.acknowledged.length).toBeGreaterThan(0);
    await expectWhole(main, 'cut', run.acknowledged);
    expectNoSecret();
  }, 150_000);

  it.for(['fast', 'immediate'] as const)(
    'the server stopped (%s) and started again mid-load: 503 meanwhile, stale reads for a bound, then everything resumes',
    { timeout: 150_000 },
    async (mode, ctx) => {
      if (skipped) return ctx.skip();
      const label = `stop-${mode}`;
      // a site whose kept answers may be given for one second into an outage
      const brief = await openSite({}, { contentApi: { staleIfErrorSeconds: 1 } });
      // settings: an answer the load below does not change
      for (const site of [main, brief]) expect((await content(site, 'settings/')).status).toBe(200);
      const run = load(main, label);
      await new Promise((resolve) => setTimeout(resolve, 500));
      await server!.stop(mode);
      const stoppedAt = Date.now();
      try {
        // a write is refused with the envelope, and safe to send again
        await expectUnavailable(
          await answered(
            main.admin.post('posts/', { posts: [{ title: `${label}-refused`, tags: [{ name: `${label}-r-a` }, { name: `${label}-r-b` }] }] }),
            'write during the outage',
          ),
        );
        // what the read model holds is still given, marked, once the read model is no longer known current
        await new Promise((resolve) => setTimeout(resolve, 600));
        const stale = await content(main, 'settings/');
        expect(stale.status).toBe(200);
        expect(stale.headers.get('x-cache')).toBe('STALE');
        // a read it does not hold is a 503
        await expectUnavailable(await content(main, 'tags/?limit=1'));
        // past staleIfErrorSeconds, a 503
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, 1200 - (Date.now() - stoppedAt))));
        await expectUnavailable(await content(brief, 'settings/'));
      } finally {
        await server!.start();
      }
      // writes succeed again within seconds, with no restart
      const after = await until('a write after the restart', async () => {
        const response = await main.admin.post('posts/', {
          posts: [{ title: `${label}-after`, status: 'published', tags: [{ name: `${label}-after-a` }, { name: `${label}-after-b` }] }],
        });
        return response.status === 201 ? ((await response.json()) as { posts: { id: string }[] }).posts[0].id : undefined;
      });
      // and the Content API shows it at once: no stale read (among the newest 50: the load goes on
      // publishing posts, so a couple may already be newer than it)
      const listed = (await (await content(main, 'posts/?limit=50&fields=id')).json()) as { posts: { id: string }[] };
      expect(listed.posts.map((post) => post.id)).toContain(after);
      await new Promise((resolve) => setTimeout(resolve, 300));
      await run.stop();
      expect(run.statuses.filter((status) => ![200, 201, 503].includes(status))).toEqual([]);
      expect(run.statuses).toContain(503);
      expect(run.malformed).toEqual([]);
      await expectWhole(main, label, [...run.acknowledged, after]);
      expectNoSecret();
    },
  );

  it('a statement past its timeout is a 503, and the next one passes', async (ctx) => {
    if (skipped) return ctx.skip();
    const quick = await openSite({ statementTimeoutMs: 300 });
    const { default: pg } = await import('pg');
    const locker = new pg.Client({ connectionString: server!.url() });
    await locker.connect();
    try {
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE posts IN ACCESS EXCLUSIVE MODE');
      await expectUnavailable(await answered(quick.admin.get('posts/?limit=1'), 'admin read behind a lock'));
      await expectUnavailable(await content(quick, 'posts/?limit=1&fields=id'));
      await locker.query('COMMIT');
    } finally {
      await locker.end();
    }
    expect((await quick.admin.get('posts/?limit=1')).status).toBe(200);
    expect((await content(quick, 'posts/?limit=1&fields=id')).status).toBe(200);
  });

  it('absent at start: opening fails at once with the cause, not a hang', async (ctx) => {
    if (skipped) return ctx.skip();
    const port = await freePort();
    const opening = createPgStorage({ connectionString: `postgres://postgres:${PASSWORD}@127.0.0.1:${port}/site`, connectTimeoutMs: 1000 });
    await expect(opening).rejects.toMatchObject({ name: 'DatabaseUnavailableError', message: expect.stringContaining('ECONNREFUSED') });
    await expect(opening).rejects.not.toMatchObject({ message: expect.stringContaining(PASSWORD) });
  });

  it('serve --database-url waits for a server that is not up yet (a line per attempt), and exits 1 naming the cause when it never comes', async (ctx) => {
    if (skipped) return ctx.skip();
    const { mkdtemp, rm } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const dir = await mkdtemp(join(tmpdir(), 'pressroom-faults-cli-'));
    try {
      const port = await freePort();
      const never = await cli(['serve', '--port', '0', '--data', join(dir, 'never'), '--database-wait', '2'], {
        env: { DATABASE_URL: `postgres://postgres:${PASSWORD}@127.0.0.1:${port}/site` },
      });
      expect(never.code).toBe(1);
      expect(never.stdout).toMatch(/notice: PostgreSQL at postgres:\/\/postgres:\*\*\*@127\.0\.0\.1:\d+\/site not reachable \(attempt 1;/);
      expect(never.stderr).toMatch(/^pressroom serve: Cannot open the PostgreSQL database .* \(\d+ attempts in \d+ s\): .*ECONNREFUSED/);
      expect(never.stdout + never.stderr).not.toContain(PASSWORD);

      // the server comes up while serve waits: it starts without a restart
      await server!.stop('fast');
      const { spawn } = await import('node:child_process');
      const child = spawn(process.execPath, [bundled('cli'), 'serve', '--port', '0', '--quiet', '--data', join(dir, 'site')], {
        cwd: join(__dirname, '..', '..'),
        env: { ...process.env, DATABASE_URL: server!.url(PASSWORD) },
      });
      let out = '';
      child.stdout!.on('data', (chunk) => (out += chunk));
      child.stderr!.on('data', (chunk) => (out += chunk));
      const exited = new Promise<number | null>((resolve) => child.once('close', resolve));
      try {
        await until('a first attempt', async () => (out.includes('not reachable (attempt 1;') ? true : undefined), 600, 60_000);
      } finally {
        await server!.start();
      }
      await until('listening after the server came', async () => (out.includes('listening on') ? true : undefined), 600, 60_000).finally(() =>
        child.kill('SIGTERM'),
      );
      expect(await exited).toBe(0);
      expect(out).toMatch(/not reachable \(attempt 1;.*ECONNREFUSED/);
      expect(out).not.toContain(PASSWORD);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
