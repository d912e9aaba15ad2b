import { ReadModel } from '../../lib/read-model/read-model';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createService, type Service, type ServiceOptions } from '../../lib';
import { EventBus } from '../../lib/events/bus';
import { outboxStager } from '../../lib/events/outbox';
import { webhookPayload } from '../../lib/resources/webhooks/payload';
import type { AppContext } from '../../lib/core/context';
import { resolveOptions } from '../../lib/options';
import { write } from '../../lib/resources/shared/write';
import { createPgliteDriver } from '../../lib/storage/pglite/storage';
import { createSqlStorage } from '../../lib/storage/sql/sql-storage';
import { adminClient, body, createTestSite, type TestSite } from '../helpers/service';
import { startReceiver, waitFor, type Receiver } from './receiver';

const cleanup: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const task of cleanup.splice(0).reverse()) await task();
});

async function receiver(respond: Parameters<typeof startReceiver>[0]): Promise<Receiver> {
  const r = await startReceiver(respond);
  cleanup.push(() => r.close());
  return r;
}

describe('the outbox survives a restart (PGlite on disk)', () => {
  async function onDisk(dataDir: string, webhooks: ServiceOptions['webhooks'], now?: () => Date): Promise<Service> {
    return createService({
      dataDir,
      url: 'http://127.0.0.1:2368',
      auth: { passwordIterations: 1000 },
      now,
      webhooks: { allowPrivateTargets: true, ...webhooks },
    });
  }

  it('a delivery that failed before closing is retried, with the same delivery id, after reopening', { timeout: 90_000 }, async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'pressroom-outbox-'));
    cleanup.push(() => rm(dataDir, { recursive: true, force: true }));
    const target = await receiver((_, n) => (n === 1 ? 500 : 200));

    const first = await onDisk(dataDir, { worker: false, backoffMs: 600_000 });
    await first.setup({ name: 'Ada', email: 'ada@example.com', password: 'a-long-password-1', title: 'Disk' });
    const keys = await first.createIntegration({ name: 'Hooks' });
    const admin = adminClient(first, keys.adminKey);
    expect((await admin.post('webhooks/', { webhooks: [{ event: 'post.published', target_url: `${target.url}/in`, secret: 's' }] })).status).toBe(201);
    await admin.post('posts/', { posts: [{ title: 'Survivor', status: 'published' }] });
    // one attempt fails; the retry is ten minutes away when the process goes down
    expect((await first.runDueJobs()).deliveries).toEqual({ attempted: 1, delivered: 0, retrying: 1, dead: 0 });
    await first.close();

    // back up later, with the in-process worker on: the pending retry is found and sent
    const second = await onDisk(dataDir, {}, () => new Date(Date.now() + 3_600_000));
    await waitFor(() => target.received.length === 2, 'the retry after the restart');
    await second.close();

    const [a, b] = target.received;
    expect(a.headers['x-svc-webhook-id']).toBe(b.headers['x-svc-webhook-id']);
    expect(b.body).toBe(a.body);
    expect(b.json.post.current.title).toBe('Survivor');

    const driver = await createPgliteDriver({ dataDir });
    cleanup.push(() => driver.close());
    const { rows } = await driver.query<any>('SELECT state, attempts, last_status FROM webhook_deliveries');
    expect(rows).toEqual([{ state: 'delivered', attempts: 2, last_status: '200' }]);
    const hooks = await driver.query<any>('SELECT last_triggered_status, last_triggered_error FROM webhooks');
    expect(hooks.rows).toEqual([{ last_triggered_status: '200', last_triggered_error: null }]);
  });

  it('an event staged but never attempted before closing is delivered after reopening', { timeout: 90_000 }, async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'pressroom-outbox-'));
    cleanup.push(() => rm(dataDir, { recursive: true, force: true }));
    const target = await receiver(() => 200);
    const first = await onDisk(dataDir, { worker: false });
    await first.setup({ name: 'Ada', email: 'ada@example.com', password: 'a-long-password-1', title: 'Disk' });
    const admin = adminClient(first, (await first.createIntegration({ name: 'Hooks' })).adminKey);
    await admin.post('webhooks/', { webhooks: [{ event: 'tag.added', target_url: `${target.url}/in` }] });
    await admin.post('tags/', { tags: [{ name: 'Staged' }] });
    await first.close();
    expect(target.received).toHaveLength(0);

    const second = await onDisk(dataDir, {});
    cleanup.push(() => second.close());
    await waitFor(() => target.received.length === 1, 'the staged delivery');
    expect(target.received[0].json.tag.current.name).toBe('Staged');
  });
});

describe('several instances on one database', () => {
  it('never deliver one delivery twice', async () => {
    const target = await receiver(() => 200);
    const a = await createTestSite({ webhooks: { allowPrivateTargets: true } });
    cleanup.push(() => a.close());
    const shared = createSqlStorage(a.driver);
    // the second instance shares the database; closing it must not close the first one's connection
    const b = await createService({ storage: { ...shared, close: async () => {} }, webhooks: { allowPrivateTargets: true } });
    cleanup.push(() => b.close());
    const c = await createService({ storage: { ...shared, close: async () => {} }, webhooks: { allowPrivateTargets: true, worker: false } });
    cleanup.push(() => c.close());
    for (const path of ['one', 'two']) {
      await a.admin.post('webhooks/', { webhooks: [{ event: 'post.added', target_url: `${target.url}/${path}` }] });
    }
    // a's background worker, woken by its own writes, races the three runDueJobs calls
    for (let i = 0; i < 15; i++) await a.admin.post('posts/', { posts: [{ title: `Post ${i}` }] });
    const results = await Promise.all([b.runDueJobs(), c.runDueJobs(), a.service.runDueJobs(), c.runDueJobs()]);
    await waitFor(
      async () => (await a.driver.query<any>(`SELECT count(*)::int AS n FROM webhook_deliveries WHERE state = 'pending'`)).rows[0].n === 0,
      'every delivery',
    );
    const ids = target.received.map((r) => r.headers['x-svc-webhook-id']);
    expect(ids).toHaveLength(30);
    expect(new Set(ids).size).toBe(30);
    const attempted = results.reduce((sum, r) => sum + r.deliveries.attempted, 0);
    expect(attempted).toBeLessThanOrEqual(30);
    const { rows } = await a.driver.query<any>('SELECT state, attempts FROM webhook_deliveries');
    expect(rows.every((r: any) => r.state === 'delivered' && r.attempts === 1)).toBe(true);
  });

  it('a claimed delivery is not claimed again until its lease lapses; a lost claim records nothing', async () => {
    const site: TestSite = await createTestSite({ webhooks: { worker: false } });
    cleanup.push(() => site.close());
    await site.admin.post('webhooks/', { webhooks: [{ event: 'post.added', target_url: 'https://hooks.example.com/x' }] });
    await site.admin.post('posts/', { posts: [{ title: 'Leased' }] });
    const outbox = createSqlStorage(site.driver).outbox;
    const now = new Date();
    const lease = new Date(now.getTime() + 60_000);
    const first = await outbox.claimDue(now, lease, 'worker-a', 10);
    expect(first).toHaveLength(1);
    expect(first[0].delivery.attempts).toBe(1);
    expect(first[0].webhook.target_url).toBe('https://hooks.example.com/x');
    expect(await outbox.claimDue(now, lease, 'worker-b', 10)).toEqual([]);
    expect(await outbox.nextDue()).toEqual(lease);
    // worker-a vanished; once the lease lapses, worker-b takes over and a's late result is ignored
    const later = new Date(lease.getTime() + 1);
    const second = await outbox.claimDue(later, new Date(later.getTime() + 60_000), 'worker-b', 10);
    expect(second.map((c) => c.delivery.attempts)).toEqual([2]);
    const id = first[0].delivery.id;
    expect(await outbox.record(id, 'worker-a', { at: later, status: '200', error: null, state: 'delivered' })).toBe(false);
    expect(await outbox.record(id, 'worker-b', { at: later, status: '200', error: null, state: 'delivered' })).toBe(true);
    expect(await outbox.nextDue()).toBeNull();
    // finished deliveries are purged after their retention, with their events
    expect(await outbox.purgeFinished(new Date(later.getTime() + 1))).toBe(1);
    expect((await site.driver.query('SELECT * FROM webhook_events')).rows).toEqual([]);
  });
});

describe('staging is part of the change', () => {
  it('deliveries roll back with a change that fails after staging them', async () => {
    const site = await createTestSite({ webhooks: { worker: false } });
    cleanup.push(() => site.close());
    expect((await site.admin.post('webhooks/', { webhooks: [{ event: 'tag.added', target_url: 'https://hooks.example.com/t' }] })).status).toBe(201);
    const storage = createSqlStorage(site.driver);
    const events = new EventBus();
    events.addStager(outboxStager({ payload: (event, version) => webhookPayload(event, version, 'http://127.0.0.1:2368'), now: () => new Date() }));
    let stagedInside = 0;
    events.addStager(async (tx) => {
      stagedInside = (await tx.outbox.nextDue()) ? 1 : 0;
      throw new Error('the change fails after its deliveries were staged');
    });
    const readModel = new ReadModel(storage.changes, { maxBytes: 0, checkMs: 500, clock: () => Date.now() });
    const app: AppContext = { storage, options: resolveOptions({}), now: () => new Date(), events, readModel };
    const now = new Date();
    const tag = {
      id: 'a'.repeat(24),
      name: 'Doomed',
      slug: 'doomed',
      description: null,
      feature_image: null,
      parent_id: null,
      visibility: 'public',
      og_image: null,
      og_title: null,
      og_description: null,
      twitter_image: null,
      twitter_title: null,
      twitter_description: null,
      meta_title: null,
      meta_description: null,
      codeinjection_head: null,
      codeinjection_foot: null,
      canonical_url: null,
      accent_color: null,
      created_at: now,
      updated_at: now,
    };
    await expect(
      write(
        app,
        (tx) => tx.tags.insert(tag),
        (after) => [{ name: 'tag.added', kind: 'tag', before: null, after }],
      ),
    ).rejects.toThrow(/fails after/);
    expect(stagedInside).toBe(1);
    expect((await site.driver.query('SELECT * FROM webhook_deliveries')).rows).toEqual([]);
    expect((await site.driver.query('SELECT * FROM webhook_events')).rows).toEqual([]);
    expect((await site.driver.query(`SELECT * FROM tags WHERE slug = 'doomed'`)).rows).toEqual([]);

    // the same change without the failure stages one delivery
    const ok = (await body(await site.admin.post('tags/', { tags: [{ name: 'Kept' }] }))).tags[0];
    const { rows } = await site.driver.query<any>('SELECT body FROM webhook_deliveries');
    expect(rows.map((r: any) => JSON.parse(r.body).tag.current.id)).toEqual([ok.id]);
  });
});
