// A process writing to PGlite on disk is killed with SIGKILL at random moments; after each crash the site
// reopens with every acknowledged write present, a sound database, and the webhook outbox intact — the
// pending deliveries of every acknowledged change are still there and are delivered once a worker runs.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createService, type Service } from '../../lib';
import { createPgliteDriver } from '../../lib/storage/pglite/storage';
import type { SqlDriver } from '../../lib/storage/sql/driver';
import { createSqlStorage } from '../../lib/storage/sql/sql-storage';
import { bundled } from '../helpers/bundled';
import { adminClient, BASE, body } from '../helpers/service';
import { startReceiver, waitFor, type Receiver } from '../webhooks/receiver';
import { FULL, scale } from './helpers';
import { integrityProblems } from './integrity';

const ROUNDS = scale(2, 10);
/** The kill lands this long after the third acknowledged write, at most. */
const KILL_WINDOW_MS = scale(1500, 4000);
// fixtures/writer.ts, bundled once per test run (test/helpers/bundled.ts)
const WRITER = bundled('crash-writer');

let dataDir: string;
let adminKey: string;
let receiver: Receiver;

interface Opened {
  service: Service;
  driver: SqlDriver;
  close(): Promise<void>;
}

async function open(worker = false): Promise<Opened> {
  const driver = await createPgliteDriver({ dataDir });
  const service = await createService({
    url: BASE,
    storage: createSqlStorage(driver),
    auth: { passwordIterations: 1000 },
    webhooks: { worker, allowPrivateTargets: true, backoffMs: 10 },
  });
  return { service, driver, close: () => service.close() };
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'pressroom-crash-'));
  receiver = await startReceiver(() => 200);
  const site = await open();
  await site.service.setup({ name: 'Ada Lovelace', email: 'ada@example.com', password: 'a-long-password-1', title: 'Crash site' });
  adminKey = (await site.service.createIntegration({ name: 'Writer' })).adminKey;
  const hook = await adminClient(site.service, adminKey).post('webhooks/', { webhooks: [{ event: 'post.added', target_url: `${receiver.url}/hook` }] });
  expect(hook.status).toBe(201);
  await site.close();
}, 60_000);

afterAll(async () => {
  await receiver?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** What the writer was told, across every round: the acknowledged state each post must be found in. */
const acknowledged = new Map<string, { title: string; pending: Set<string>; deleted: boolean; deleting: boolean }>();
const addedIds: string[] = [];

/** Runs the writer until three writes were acknowledged, then SIGKILLs it after a random delay. */
function crashRound(): Promise<{ lines: number; signal: NodeJS.Signals | null }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [WRITER, dataDir, adminKey], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    let lines = 0;
    let killTimer: NodeJS.Timeout | undefined;
    let adds = 0;
    const input = createInterface({ input: child.stdout });
    input.on('line', (line) => {
      lines += 1;
      const [kind, id, ...rest] = line.split(' ');
      const title = rest.join(' ');
      if (kind === 'add' && ++adds === 3) {
        // once writing is under way (and warmed up), at a random moment: mid-transaction, mid-WAL-write or between requests
        killTimer = setTimeout(() => child.kill('SIGKILL'), Math.floor(Math.random() * KILL_WINDOW_MS));
      }
      if (kind === 'add') {
        acknowledged.set(id, { title, pending: new Set(), deleted: false, deleting: false });
        addedIds.push(id);
      } else if (kind === 'try-edit') acknowledged.get(id)!.pending.add(title);
      else if (kind === 'edit') {
        const post = acknowledged.get(id)!;
        post.title = title;
        post.pending.clear();
      } else if (kind === 'try-del') acknowledged.get(id)!.deleting = true;
      else if (kind === 'del') acknowledged.get(id)!.deleted = true;
    });
    child.on('error', reject);
    // 'close' comes after the process exited and its output was read to the end
    child.on('close', (code, signal) => {
      clearTimeout(killTimer);
      if (signal !== 'SIGKILL') reject(new Error(`writer ended by itself (code ${code}): ${stderr.slice(-2000)}`));
      else resolve({ lines, signal });
    });
  });
}

describe('SIGKILL while writing to PGlite on disk', () => {
  it.each(Array.from({ length: ROUNDS }, (_, i) => i + 1))(
    'round %i: every acknowledged write survives, the database is sound',
    async () => {
      const { lines } = await crashRound();
      console.log(`crash round: ${lines} lines from the writer, ${acknowledged.size} posts acknowledged so far`);
      expect(lines).toBeGreaterThan(1);

      const site = await open();
      try {
        const admin = adminClient(site.service, adminKey);
        const missing: string[] = [];
        for (const [id, post] of acknowledged) {
          const res = await admin.get(`posts/${id}/`);
          if (post.deleted) {
            if (res.status !== 404) missing.push(`${id} was deleted but answers ${res.status}`);
            continue;
          }
          if (res.status === 404 && post.deleting) continue; // the delete in flight committed before the kill
          if (res.status !== 200) {
            missing.push(`${id} (${post.title}) answers ${res.status}`);
            continue;
          }
          const stored = (await body(res)).posts[0];
          // the last acknowledged title, or one whose edit was in flight when the process died
          if (stored.title !== post.title && !post.pending.has(stored.title)) missing.push(`${id} has title ${stored.title}, acknowledged ${post.title}`);
          post.title = stored.title;
          post.pending.clear();
          post.deleting = false;
        }
        expect(missing).toEqual([]);
        expect(await integrityProblems(site.driver)).toEqual({});

        // the outbox: each acknowledged add has its post.added delivery, committed with the post
        const { rows } = await site.driver.query<{ body: string }>(
          `SELECT d.body FROM webhook_deliveries d JOIN webhook_events e ON e.id = d.event_id WHERE e.name = 'post.added'`,
        );
        const delivered = new Set(rows.map((r) => JSON.parse(r.body).post.current.id as string));
        expect(addedIds.filter((id) => !delivered.has(id))).toEqual([]);
        // and no post.added delivery names a post that was never committed
        const posts = new Set((await site.driver.query<{ id: string }>('SELECT id FROM posts')).rows.map((r) => r.id));
        const deletedIds = new Set([...acknowledged].filter(([, p]) => p.deleted || p.deleting).map(([id]) => id));
        expect([...delivered].filter((id) => !posts.has(id) && !deletedIds.has(id))).toEqual([]);
      } finally {
        await site.close();
      }
    },
    FULL ? 120_000 : 60_000,
  );

  it('after the crashes, a worker delivers every pending notification', async () => {
    const site = await open(true);
    try {
      const pending = async () =>
        (await site.driver.query<{ n: number }>("SELECT count(*)::int AS n FROM webhook_deliveries WHERE state = 'pending'")).rows[0].n;
      // acknowledged or not (a post may commit just before the kill), every queued delivery goes out
      await waitFor(async () => (await pending()) === 0, 'no delivery left pending', 30_000);
      const seen = new Set(receiver.received.map((r) => r.json?.post?.current?.id));
      expect(addedIds.filter((id) => !seen.has(id))).toEqual([]);
      const { rows } = await site.driver.query<{ state: string }>('SELECT DISTINCT state FROM webhook_deliveries');
      expect(rows.map((r) => r.state)).toEqual(['delivered']);
    } finally {
      await site.close();
    }
  }, 60_000);
});
