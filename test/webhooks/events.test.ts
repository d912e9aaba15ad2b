import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyWebhookSignature } from '../../lib';
import { EVENT_NAMES } from '../../lib/events/names';
import type { DomainEvent } from '../../lib/events/events';
import { VERSION } from '../../lib/version';
import { body, createTestSite, type TestSite } from '../helpers/service';
import { startReceiver, type Received, type Receiver } from './receiver';

const SECRET = 'every-event-secret';
let site: TestSite;
let receiver: Receiver;
let seen = 0;
const inProcess: DomainEvent['name'][] = [];

beforeAll(async () => {
  receiver = await startReceiver();
  // deliveries are drained with runDueJobs here, so that each step's deliveries can be checked in turn
  site = await createTestSite({ webhooks: { allowPrivateTargets: true, worker: false } });
  site.service.on('*', (event) => void inProcess.push(event.name));
  for (const event of EVENT_NAMES) {
    const res = await site.admin.post('webhooks/', { webhooks: [{ event, target_url: `${receiver.url}/hook/${event}`, secret: SECRET }] });
    expect(res.status).toBe(201);
  }
  // a v2 subscriber too, to check the payload follows the webhook's api_version
  await site.admin.post('webhooks/', { webhooks: [{ event: 'post.added', target_url: `${receiver.url}/v2/post.added`, secret: SECRET, api_version: 'v2' }] });
});
afterAll(async () => {
  await site.close();
  await receiver.close();
});

/** Drains the outbox and returns what arrived since the last call, by event name. */
async function delivered(): Promise<Map<string, Received[]>> {
  const result = await site.service.runDueJobs();
  expect(result.deliveries.retrying + result.deliveries.dead).toBe(0);
  const fresh = receiver.received.slice(seen);
  seen = receiver.received.length;
  const byEvent = new Map<string, Received[]>();
  for (const r of fresh) {
    const name = r.path.replace(/^\/(hook|v2)\//, r.path.startsWith('/v2/') ? 'v2:' : '');
    byEvent.set(name, [...(byEvent.get(name) ?? []), r]);
  }
  return byEvent;
}

/** The events that arrived at the per-event hooks (the v2 subscriber is checked on its own). */
const names = (map: Map<string, Received[]>) => [...map.keys()].filter((k) => !k.startsWith('v2:')).sort();
const one = (map: Map<string, Received[]>, name: string) => {
  const list = map.get(name);
  expect(list, name).toHaveLength(1);
  return list![0];
};

async function put(path: string, root: string, id: string, fields: Record<string, unknown>) {
  const current = (await body(await site.admin.get(`${path}${id}/`)))[root][0];
  const res = await site.admin.put(`${path}${id}/`, { [root]: [{ updated_at: current.updated_at, ...fields }] });
  expect(res.status).toBe(200);
  return (await body(res))[root][0];
}

describe('every event, delivered signed with the right body', () => {
  it('tag.added and tag.edited; headers and signature', async () => {
    const tag = (await body(await site.admin.post('tags/', { tags: [{ name: 'News' }] }))).tags[0];
    let got = await delivered();
    expect(names(got)).toEqual(['tag.added']);
    const added = one(got, 'tag.added');
    expect(added.headers['content-type']).toBe('application/json');
    expect(added.headers['user-agent']).toBe(`pressroom/${VERSION}`);
    expect(added.headers['x-svc-webhook-id']).toMatch(/^[a-f0-9]{24}$/);
    expect(await verifyWebhookSignature(added.body, added.headers['x-svc-signature'] as string, SECRET)).toBe(true);
    expect(await verifyWebhookSignature(added.body.replace('News', 'Fake'), added.headers['x-svc-signature'] as string, SECRET)).toBe(false);
    expect(added.json).toEqual({ tag: { current: tag, previous: {} } });

    await site.admin.put(`tags/${tag.id}/`, { tags: [{ description: 'All the news' }] });
    got = await delivered();
    // the tag is on no published post: the public site did not change
    expect(names(got)).toEqual(['tag.edited']);
    const edited = one(got, 'tag.edited').json.tag;
    expect(edited.current.description).toBe('All the news');
    expect(Object.keys(edited.previous).sort()).toEqual(['description', 'updated_at']);
    expect(edited.previous.description).toBeNull();
  });

  it('post.added with tags fires post.tag.attached; a v2 webhook gets a v2 body', async () => {
    const res = await site.admin.post('posts/', { posts: [{ title: 'Draft one', tags: ['News'] }] });
    const post = (await body(res)).posts[0];
    const got = await delivered();
    expect(names(got)).toEqual(['post.added', 'post.tag.attached']);
    const added = one(got, 'post.added').json;
    expect(added.post.previous).toEqual({});
    expect(added.post.current).toMatchObject({ id: post.id, title: 'Draft one', status: 'draft', reading_time: 0 });
    expect(added.post.current).toHaveProperty('html');
    expect(added.post.current).toHaveProperty('mobiledoc');
    expect(one(got, 'v2:post.added').json.post.current).not.toHaveProperty('reading_time');
    expect(one(got, 'post.tag.attached').json.post.current.tags.map((t: any) => t.name)).toEqual(['News']);
  });

  it('an edit that publishes fires post.published and post.edited (in that order) and site.changed', async () => {
    const post = (await body(await site.admin.post('posts/', { posts: [{ title: 'To publish' }] }))).posts[0];
    await delivered();
    inProcess.length = 0;
    await put('posts/', 'posts', post.id, { status: 'published' });
    const got = await delivered();
    expect(names(got)).toEqual(['post.edited', 'post.published', 'site.changed']);
    expect(inProcess).toEqual(['post.published', 'post.edited', 'site.changed']);
    const published = one(got, 'post.published').json.post;
    expect(published.current.status).toBe('published');
    expect(published.previous).toMatchObject({ status: 'draft', published_at: null });
    // only changed keys
    expect(published.previous).not.toHaveProperty('title');
    expect(published.previous).not.toHaveProperty('id');
    expect(one(got, 'site.changed').json).toEqual({});
    expect(one(got, 'post.edited').json).toEqual(one(got, 'post.published').json);
  });

  it('editing a published post fires post.published.edited; a tags change fires attached/detached per tag', async () => {
    const post = (await body(await site.admin.post('posts/', { posts: [{ title: 'Live', status: 'published', tags: ['A', 'B'] }] }))).posts[0];
    await delivered();
    await put('posts/', 'posts', post.id, { title: 'Live, edited' });
    let got = await delivered();
    expect(names(got)).toEqual(['post.edited', 'post.published.edited', 'site.changed']);
    expect(one(got, 'post.published.edited').json.post.previous.title).toBe('Live');

    await put('posts/', 'posts', post.id, { tags: ['B', 'C', 'D'] });
    got = await delivered();
    // C and D did not exist: the edit creates them
    expect(names(got)).toEqual(['post.edited', 'post.published.edited', 'post.tag.attached', 'post.tag.detached', 'site.changed', 'tag.added']);
    expect(got.get('post.tag.attached')).toHaveLength(2);
    expect(
      got
        .get('tag.added')!
        .map((r) => r.json.tag.current.name)
        .sort(),
    ).toEqual(['C', 'D']);
    expect(got.get('post.tag.detached')).toHaveLength(1);
    const detached = one(got, 'post.tag.detached').json.post;
    expect(detached.previous.tags.map((t: any) => t.name)).toEqual(['A', 'B']);
    expect(detached.current.tags.map((t: any) => t.name)).toEqual(['B', 'C', 'D']);
  });

  it('an edit that changes nothing fires nothing', async () => {
    const post = (await body(await site.admin.post('posts/', { posts: [{ title: 'Same', status: 'published' }] }))).posts[0];
    await delivered();
    inProcess.length = 0;
    await put('posts/', 'posts', post.id, { title: 'Same' });
    expect(names(await delivered())).toEqual([]);
    expect(inProcess).toEqual([]);
  });

  it('scheduled, rescheduled, unscheduled, and publishing when due', async () => {
    const at = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
    const post = (await body(await site.admin.post('posts/', { posts: [{ title: 'Later', status: 'scheduled', published_at: at(60) }] }))).posts[0];
    expect(names(await delivered())).toEqual(['post.added', 'post.scheduled']);
    await put('posts/', 'posts', post.id, { published_at: at(120) });
    let got = await delivered();
    expect(names(got)).toEqual(['post.edited', 'post.rescheduled']);
    expect(Object.keys(one(got, 'post.rescheduled').json.post.previous)).toContain('published_at');
    await put('posts/', 'posts', post.id, { status: 'draft' });
    expect(names(await delivered())).toEqual(['post.edited', 'post.unscheduled']);
    await put('posts/', 'posts', post.id, { status: 'scheduled', published_at: at(30) });
    expect(names(await delivered())).toEqual(['post.edited', 'post.scheduled']);

    // runDueJobs publishes it once due: pretend the time has come
    await site.driver.query('UPDATE posts SET published_at = $2 WHERE id = $1', [post.id, new Date(Date.now() - 1000)]);
    got = await delivered();
    expect(names(got)).toEqual(['post.edited', 'post.published', 'site.changed']);
  });

  it('unpublishing fires post.unpublished; deleting a published post fires post.unpublished then post.deleted', async () => {
    const a = (await body(await site.admin.post('posts/', { posts: [{ title: 'Going away', status: 'published' }] }))).posts[0];
    await delivered();
    await put('posts/', 'posts', a.id, { status: 'draft' });
    expect(names(await delivered())).toEqual(['post.edited', 'post.unpublished', 'site.changed']);

    const b = (await body(await site.admin.post('posts/', { posts: [{ title: 'Deleted live', status: 'published' }] }))).posts[0];
    await delivered();
    inProcess.length = 0;
    expect((await site.admin.del(`posts/${b.id}/`)).status).toBe(204);
    const got = await delivered();
    expect(names(got)).toEqual(['post.deleted', 'post.unpublished', 'site.changed']);
    expect(inProcess).toEqual(['post.unpublished', 'post.deleted', 'site.changed']);
    const deleted = one(got, 'post.deleted').json.post;
    expect(deleted.current).toEqual({});
    expect(deleted.previous).toMatchObject({ id: b.id, title: 'Deleted live', status: 'published' });
  });

  it('tag.deleted, and site.changed when a tag on a published post changes', async () => {
    const tag = (await body(await site.admin.post('tags/', { tags: [{ name: 'Public tag' }] }))).tags[0];
    await site.admin.post('posts/', { posts: [{ title: 'Tagged live', status: 'published', tags: [{ id: tag.id }] }] });
    await delivered();
    await site.admin.put(`tags/${tag.id}/`, { tags: [{ name: 'Public tag renamed' }] });
    expect(names(await delivered())).toEqual(['site.changed', 'tag.edited']);
    expect((await site.admin.del(`tags/${tag.id}/`)).status).toBe(204);
    const got = await delivered();
    expect(names(got)).toEqual(['site.changed', 'tag.deleted']);
    expect(one(got, 'tag.deleted').json.tag.current).toEqual({});
    expect(one(got, 'tag.deleted').json.tag.previous.name).toBe('Public tag renamed');
  });

  it('pages fire page.* events with a page body', async () => {
    const at = new Date(Date.now() + 3_600_000).toISOString();
    const page = (await body(await site.admin.post('pages/', { pages: [{ title: 'About', tags: ['Meta'] }] }))).pages[0];
    const got = await delivered();
    // the unknown tag is created with the page
    expect(names(got)).toEqual(['page.added', 'page.tag.attached', 'tag.added']);
    expect(one(got, 'page.added').json.page.current.id).toBe(page.id);
    await put('pages/', 'pages', page.id, { status: 'published', tags: [] });
    expect(names(await delivered())).toEqual(['page.edited', 'page.published', 'page.tag.detached', 'site.changed']);
    await put('pages/', 'pages', page.id, { title: 'About us' });
    expect(names(await delivered())).toEqual(['page.edited', 'page.published.edited', 'site.changed']);
    await put('pages/', 'pages', page.id, { status: 'scheduled', published_at: at });
    expect(names(await delivered())).toEqual(['page.edited', 'page.scheduled', 'page.unpublished', 'site.changed']);
    await put('pages/', 'pages', page.id, { published_at: new Date(Date.now() + 7_200_000).toISOString() });
    expect(names(await delivered())).toEqual(['page.edited', 'page.rescheduled']);
    await put('pages/', 'pages', page.id, { status: 'draft' });
    expect(names(await delivered())).toEqual(['page.edited', 'page.unscheduled']);
    expect((await site.admin.del(`pages/${page.id}/`)).status).toBe(204);
    expect(names(await delivered())).toEqual(['page.deleted']);
  });

  it('fired every event name of reference-behaviour §11 over the run', () => {
    const fired = new Set(receiver.received.filter((r) => r.path.startsWith('/hook/')).map((r) => r.path.slice('/hook/'.length)));
    expect([...EVENT_NAMES].filter((name) => !fired.has(name))).toEqual([]);
  });

  it('every delivery carried a signature its receiver accepts, and a distinct delivery id', async () => {
    for (const r of receiver.received) {
      expect(await verifyWebhookSignature(r.body, r.headers['x-svc-signature'] as string, SECRET)).toBe(true);
    }
    const ids = receiver.received.map((r) => r.headers['x-svc-webhook-id']);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
