import { afterEach, describe, expect, it } from 'vitest';
import { verifyWebhookSignature, type ServiceOptions } from '../../lib';
import { backoffDelay } from '../../lib/events/worker';
import { body, createTestSite, type TestSite } from '../helpers/service';
import { startReceiver, waitFor, type Receiver, type Responder } from './receiver';

const open: { site?: TestSite; receiver?: Receiver }[] = [];
afterEach(async () => {
  for (const { site, receiver } of open.splice(0)) {
    await site?.close();
    await receiver?.close();
  }
});

async function setup(respond: Responder, webhooks: ServiceOptions['webhooks'] = {}, name?: string) {
  const receiver = await startReceiver(respond);
  const site = await createTestSite({ name, webhooks: { allowPrivateTargets: true, backoffMs: 1, ...webhooks } });
  open.push({ site, receiver });
  const res = await site.admin.post('webhooks/', { webhooks: [{ event: 'post.added', target_url: `${receiver.url}/hook`, secret: 'shh' }] });
  expect(res.status).toBe(201);
  const webhook = (await body(res)).webhooks[0];
  return { receiver, site, webhook };
}

async function webhookRow(site: TestSite, id: string) {
  return (await site.driver.query<any>('SELECT * FROM webhooks WHERE id = $1', [id])).rows[0] ?? null;
}

async function deliveries(site: TestSite) {
  return (await site.driver.query<any>('SELECT * FROM webhook_deliveries ORDER BY created_at')).rows;
}

const addPost = (site: TestSite, title = 'Hello') => site.admin.post('posts/', { posts: [{ title }] });

describe('delivery by the in-process worker', () => {
  it('delivers in the background without anyone calling runDueJobs', async () => {
    const { receiver, site, webhook } = await setup(() => 200);
    await addPost(site, 'Background');
    await waitFor(async () => (await webhookRow(site, webhook.id)).last_triggered_status === '200', 'the delivery');
    expect(receiver.received).toHaveLength(1);
    expect(receiver.received[0].json.post.current.title).toBe('Background');
    const row = await webhookRow(site, webhook.id);
    expect(row.last_triggered_at).toBeInstanceOf(Date);
    expect(row.last_triggered_error).toBeNull();
    // and the Admin API shows it: editing returns the webhook with its bookkeeping
    const edited = (await body(await site.admin.put(`webhooks/${webhook.id}/`, { webhooks: [{ name: 'seen' }] }))).webhooks[0];
    expect(edited).toMatchObject({ last_triggered_status: '200', last_triggered_error: null });
    expect(edited.last_triggered_at).toMatch(/Z$/);
  });

  it('a receiver that fails twice then succeeds gets 3 attempts of one delivery and one success', async () => {
    const { receiver, site, webhook } = await setup((_, n) => (n <= 2 ? 503 : 200));
    await addPost(site);
    await waitFor(async () => (await deliveries(site))[0]?.state === 'delivered', 'the third attempt');
    expect(receiver.received.map((r) => r.path)).toEqual(['/hook', '/hook', '/hook']);
    const ids = new Set(receiver.received.map((r) => r.headers['x-svc-webhook-id']));
    expect(ids.size).toBe(1);
    const [delivery] = await deliveries(site);
    expect(delivery).toMatchObject({ id: [...ids][0], state: 'delivered', attempts: 3, last_status: '200', last_error: null });
    for (const r of receiver.received) expect(await verifyWebhookSignature(r.body, r.headers['x-svc-signature'] as string, 'shh')).toBe(true);
    expect(receiver.received[0].body).toBe(receiver.received[2].body);
    expect(await webhookRow(site, webhook.id)).toMatchObject({ last_triggered_status: '200', last_triggered_error: null });
  });
});

describe('delivery drained by runDueJobs', () => {
  it('records every attempt and gives up after the retry limit', async () => {
    const { receiver, site, webhook } = await setup(() => 500, { worker: false, retries: 2, backoffMs: 0 });
    await addPost(site);
    expect(receiver.received).toHaveLength(0);
    const result = await site.service.runDueJobs();
    expect(result.deliveries).toEqual({ attempted: 3, delivered: 0, retrying: 2, dead: 1 });
    expect(receiver.received).toHaveLength(3);
    expect(await webhookRow(site, webhook.id)).toMatchObject({ last_triggered_status: '500', last_triggered_error: 'The target answered HTTP 500.' });
    expect(await deliveries(site)).toMatchObject([{ state: 'dead', attempts: 3, last_status: '500' }]);
    // nothing is left to do
    expect((await site.service.runDueJobs()).deliveries.attempted).toBe(0);
  });

  it('waits for the backoff between attempts', async () => {
    const { receiver, site } = await setup(() => 500, { worker: false, backoffMs: 3_600_000 });
    await addPost(site);
    expect((await site.service.runDueJobs()).deliveries).toEqual({ attempted: 1, delivered: 0, retrying: 1, dead: 0 });
    expect((await site.service.runDueJobs()).deliveries.attempted).toBe(0);
    expect(receiver.received).toHaveLength(1);
    const [delivery] = await deliveries(site);
    expect(delivery).toMatchObject({ state: 'pending', attempts: 1, last_status: '500' });
    // the first retry waits between half and all of backoffMs
    expect(delivery.next_attempt_at.getTime()).toBeGreaterThan(Date.now() + 1_000_000);
  });

  it('a 410 Gone deletes the webhook and its pending deliveries', async () => {
    const { receiver, site, webhook } = await setup(() => 410, { worker: false });
    await addPost(site, 'one');
    await addPost(site, 'two');
    const result = await site.service.runDueJobs();
    expect(result.deliveries.dead).toBeGreaterThanOrEqual(1);
    expect(await webhookRow(site, webhook.id)).toBeNull();
    expect(await deliveries(site)).toEqual([]);
    await addPost(site, 'three');
    await site.service.runDueJobs();
    expect(receiver.received.length).toBeLessThanOrEqual(2);
    expect(receiver.received.map((r) => r.json.post.current.title)).not.toContain('three');
  });

  it('a slow receiver hits the timeout: no status, the error says so', async () => {
    const { receiver, site, webhook } = await setup(() => 'hang', { worker: false, timeoutMs: 150, retries: 0 });
    await addPost(site);
    const result = await site.service.runDueJobs();
    expect(result.deliveries).toEqual({ attempted: 1, delivered: 0, retrying: 0, dead: 1 });
    expect(receiver.received).toHaveLength(1);
    expect(await webhookRow(site, webhook.id)).toMatchObject({ last_triggered_status: null, last_triggered_error: 'No response within 150 ms.' });
  });

  it('a network failure is retried with the error stored and no status', async () => {
    const { receiver, site, webhook } = await setup(() => 200, { worker: false, backoffMs: 3_600_000 });
    await receiver.close();
    await addPost(site);
    expect((await site.service.runDueJobs()).deliveries.retrying).toBe(1);
    const row = await webhookRow(site, webhook.id);
    expect(row.last_triggered_status).toBeNull();
    expect(row.last_triggered_error).toMatch(/fetch failed|ECONNREFUSED/);
  });

  it('names its headers after the service: X-Ghost-Signature with name ghost; no signature without a secret', async () => {
    const receiver = await startReceiver();
    const site = await createTestSite({ name: 'ghost', webhooks: { allowPrivateTargets: true, worker: false } });
    open.push({ site, receiver });
    await site.admin.post('webhooks/', { webhooks: [{ event: 'post.added', target_url: `${receiver.url}/signed`, secret: 'g' }] });
    await site.admin.post('webhooks/', { webhooks: [{ event: 'post.added', target_url: `${receiver.url}/unsigned` }] });
    await addPost(site);
    await site.service.runDueJobs();
    const signed = receiver.received.find((r) => r.path === '/signed')!;
    const unsigned = receiver.received.find((r) => r.path === '/unsigned')!;
    expect(signed.headers['x-ghost-webhook-id']).toMatch(/^[a-f0-9]{24}$/);
    expect(await verifyWebhookSignature(signed.body, signed.headers['x-ghost-signature'] as string, 'g')).toBe(true);
    expect(unsigned.headers['x-ghost-signature']).toBeUndefined();
    expect(unsigned.headers['x-ghost-webhook-id']).not.toBe(signed.headers['x-ghost-webhook-id']);
  });
});

describe('the transport', () => {
  it('can be replaced by the host', async () => {
    const sent: Request[] = [];
    const site = await createTestSite({
      webhooks: { worker: false, transport: async (request) => (sent.push(request), new Response(null, { status: 202 })) },
    });
    open.push({ site });
    const hook = (await body(await site.admin.post('webhooks/', { webhooks: [{ event: 'post.added', target_url: 'https://hooks.example.com/in' }] })))
      .webhooks[0];
    await addPost(site, 'Via transport');
    expect((await site.service.runDueJobs()).deliveries.delivered).toBe(1);
    expect(sent).toHaveLength(1);
    expect(sent[0].url).toBe('https://hooks.example.com/in');
    expect(sent[0].method).toBe('POST');
    expect(sent[0].headers.get('content-type')).toBe('application/json');
    expect(JSON.parse(await sent[0].text()).post.current.title).toBe('Via transport');
    expect(await webhookRow(site, hook.id)).toMatchObject({ last_triggered_status: '202' });
  });

  it('a replaced transport that never answers still times out', async () => {
    const site = await createTestSite({ webhooks: { worker: false, timeoutMs: 50, retries: 0, transport: () => new Promise<Response>(() => {}) } });
    open.push({ site });
    await site.admin.post('webhooks/', { webhooks: [{ event: 'post.added', target_url: 'https://hooks.example.com/in' }] });
    await addPost(site);
    expect((await site.service.runDueJobs()).deliveries.dead).toBe(1);
  });

  it('the default transport refuses, at delivery, a host name that resolves to a private address', async () => {
    const site = await createTestSite({ webhooks: { worker: false, resolveHost: async () => ['127.0.0.1'] } });
    open.push({ site });
    const hook = (await body(await site.admin.post('webhooks/', { webhooks: [{ event: 'post.added', target_url: 'http://rebinding.example.com/' }] })))
      .webhooks[0];
    await addPost(site);
    // refused targets are given up at once: retrying cannot help
    expect((await site.service.runDueJobs()).deliveries).toEqual({ attempted: 1, delivered: 0, retrying: 0, dead: 1 });
    expect(await webhookRow(site, hook.id)).toMatchObject({ last_triggered_status: null });
    expect((await webhookRow(site, hook.id)).last_triggered_error).toMatch(/resolves to 127\.0\.0\.1/);
  });

  it('the default transport does not follow redirects (a public target cannot bounce to a private one)', async () => {
    const { receiver, site } = await setup(() => 302, { worker: false, retries: 0 });
    await addPost(site);
    expect((await site.service.runDueJobs()).deliveries.dead).toBe(1);
    expect(receiver.received).toHaveLength(1);
  });
});

describe('events in-process', () => {
  it('service.on sees committed events, with their states', async () => {
    const site = await createTestSite({ webhooks: { worker: false } });
    open.push({ site });
    const published: string[] = [];
    const off = site.service.on('post.published', (event) => {
      if (event.kind === 'post') published.push(event.after!.row.title);
    });
    await site.admin.post('posts/', { posts: [{ title: 'Live', status: 'published' }] });
    await site.admin.post('posts/', { posts: [{ title: 'Draft' }] });
    off();
    await site.admin.post('posts/', { posts: [{ title: 'After off', status: 'published' }] });
    expect(published).toEqual(['Live']);
    // with no webhook subscribed, the outbox stays empty
    expect(await deliveries(site)).toEqual([]);
  });
});

describe('backoff', () => {
  it('doubles per attempt, with jitter between half and all of it', () => {
    expect(backoffDelay(1, 1000, () => 0)).toBe(500);
    expect(backoffDelay(1, 1000, () => 1)).toBe(1000);
    expect(backoffDelay(3, 1000, () => 1)).toBe(4000);
    expect(backoffDelay(4, 1000, () => 0.5)).toBe(6000);
    expect(backoffDelay(60, 1000, () => 1)).toBe(6 * 60 * 60 * 1000);
  });
});
