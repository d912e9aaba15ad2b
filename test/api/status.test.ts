import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainEvent } from '../../lib/events/events';
import { BASE, body, createTestSite, type TestSite } from '../helpers/service';

let clock = Date.parse('2025-03-01T09:00:00.000Z');
let site: TestSite;
let fired: string[] = [];

beforeAll(async () => {
  site = await createTestSite({ now: () => new Date(clock) });
  site.service.on('*', (event: DomainEvent) => {
    fired.push(event.kind === 'post' && event.tag ? `${event.name}:${event.tag.slug}` : event.name);
  });
});
afterAll(() => site.close());

const inAnHour = () => new Date(clock + 3600_000).toISOString();

async function create(fields: Record<string, unknown>, root = 'posts') {
  const res = await site.admin.post(`${root}/`, { [root]: [{ title: 'Lifecycle', ...fields }] });
  expect(res.status).toBe(201);
  return (await body(res))[root][0];
}

async function edit(post: { id: string; updated_at: string }, fields: Record<string, unknown>, root = 'posts') {
  fired = [];
  const res = await site.admin.put(`${root}/${post.id}/`, { [root]: [{ ...fields, updated_at: post.updated_at }] });
  return { res, post: res.status === 200 ? (await body(res))[root][0] : null, errors: res.status === 200 ? null : (await body(res)).errors };
}

const contentRead = (slug: string) => site.service.fetch(new Request(`${BASE}/svc/api/v3/content/posts/slug/${slug}/?key=${site.contentKey}`));

describe('status transitions and their events', () => {
  it('add fires added (+ published / scheduled)', async () => {
    fired = [];
    await create({ tags: ['one'] });
    expect(fired).toEqual(['tag.added', 'post.added', 'post.tag.attached:one']);
    fired = [];
    await create({ status: 'published' });
    expect(fired).toEqual(['post.added', 'post.published', 'site.changed']);
    fired = [];
    await create({ status: 'scheduled', published_at: inAnHour() }, 'pages');
    expect(fired).toEqual(['page.added', 'page.scheduled']);
  });

  it('draft → published sets published_at; published → draft keeps it', async () => {
    const draft = await create({});
    const published = await edit(draft, { status: 'published' });
    expect(published.post.published_at).toBe(new Date(clock).toISOString());
    expect(fired).toEqual(['post.published', 'post.edited', 'site.changed']);
    clock += 1000;
    const edited = await edit(published.post, { title: 'Still public' });
    expect(fired).toEqual(['post.published.edited', 'post.edited', 'site.changed']);
    const unpublished = await edit(edited.post, { status: 'draft' });
    expect(unpublished.post.published_at).toBe(published.post.published_at);
    expect(fired).toEqual(['post.unpublished', 'post.edited', 'site.changed']);
  });

  it('draft → scheduled needs a future published_at', async () => {
    const draft = await create({});
    const past = await edit(draft, { status: 'scheduled', published_at: new Date(clock - 1000).toISOString() });
    expect(past.res.status).toBe(422);
    expect(past.errors[0].property).toBe('published_at');
    const missing = await edit(draft, { status: 'scheduled' });
    expect(missing.res.status).toBe(422);
    const ok = await edit(draft, { status: 'scheduled', published_at: inAnHour() });
    expect(ok.post.status).toBe('scheduled');
    expect(fired).toEqual(['post.scheduled', 'post.edited']);
  });

  it('rescheduling and scheduled → draft', async () => {
    const scheduled = await create({ status: 'scheduled', published_at: inAnHour() });
    const moved = await edit(scheduled, { published_at: new Date(clock + 7200_000).toISOString() });
    expect(fired).toEqual(['post.rescheduled', 'post.edited']);
    const back = await edit(moved.post, { status: 'draft' });
    expect(back.post.status).toBe('draft');
    expect(fired).toEqual(['post.unscheduled', 'post.edited']);
  });

  it('scheduled → published when due, visible in the Content API after runDueJobs()', async () => {
    const scheduled = await create({ title: 'Due soon', status: 'scheduled', published_at: inAnHour() });
    expect((await contentRead(scheduled.slug)).status).toBe(404);
    clock += 3600_000 + 1;
    const due = await site.driver.query(`SELECT id FROM posts WHERE status = 'scheduled' AND published_at <= $1`, [new Date(clock)]);
    fired = [];
    expect((await site.service.runDueJobs()).published).toBe(due.rows.length);
    expect(fired.filter((name) => name === 'site.changed')).toHaveLength(1);
    expect(fired.filter((name) => name.endsWith('.published'))).toHaveLength(due.rows.length);
    const res = await contentRead(scheduled.slug);
    expect(res.status).toBe(200);
    expect((await body(res)).posts[0].published_at).toBe(scheduled.published_at.replace('Z', '+00:00'));
    expect((await site.service.runDueJobs()).published).toBe(0);
  });

  it('tag changes fire attached and detached per tag; delete of a published post fires unpublished then deleted', async () => {
    const post = await create({ status: 'published', tags: ['a', 'b'] });
    await edit(post, { tags: ['b', 'c'] });
    expect(fired).toEqual(['tag.added', 'post.published.edited', 'post.edited', 'post.tag.attached:c', 'post.tag.detached:a', 'site.changed']);
    fired = [];
    expect((await site.admin.del(`posts/${post.id}/`)).status).toBe(204);
    expect(fired).toEqual(['post.unpublished', 'post.deleted', 'site.changed']);
  });

  it('computes reading_time (v3) from words and images, including the feature image', async () => {
    const words = Array.from({ length: 550 }, (_, i) => `w${i}`).join(' ');
    const mobiledoc = JSON.stringify({ version: '0.3.1', atoms: [], cards: [], markups: [], sections: [[1, 'p', [[0, [], 0, words]]]] });
    const post = await create({ mobiledoc });
    expect(post.reading_time).toBe(2);
    const withImage = await edit(post, { feature_image: 'https://example.com/a.jpg' });
    expect(withImage.post.reading_time).toBe(2);
    const v2 = (await body(await site.admin.get(`posts/${post.id}/`, 'v2'))).posts[0];
    expect(v2).not.toHaveProperty('reading_time');
  });
});
