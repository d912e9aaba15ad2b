// Revisions of posts and pages (issue 35), through service.fetch: what records one, what the lists and
// reads show, restore with its webhook and read-model change, and who may do any of it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE, body, snapshot } from '../helpers/service';
import { createStaffSite, type Role, type StaffSite } from '../users/staff-site';
import { manualClock } from '../users/helpers';
import type { SessionClient } from '../users/helpers';

const mobiledoc = (text: string) => JSON.stringify({ version: '0.3.1', atoms: [], cards: [], markups: [], sections: [[1, 'p', [[0, [], 0, text]]]] });
const MINUTE = 60_000;

const clock = manualClock();
const delivered: { url: string; body: any }[] = [];
let site: StaffSite;

beforeAll(async () => {
  site = await createStaffSite({
    now: clock.now,
    webhooks: {
      worker: false,
      transport: async (request) => {
        delivered.push({ url: request.url, body: await request.json() });
        return new Response(null, { status: 204 });
      },
    },
  });
});
afterAll(() => site.close());

type Resource = 'posts' | 'pages';
type Client = Pick<SessionClient, 'get' | 'post' | 'put' | 'request'>;

async function add(resource: Resource, fields: Record<string, unknown> = {}, as: Client = site.as.Owner) {
  const res = await as.post(`${resource}/`, { [resource]: [{ title: 'First title', mobiledoc: mobiledoc('First body'), ...fields }] });
  expect(res.status).toBe(201);
  return (await body(res))[resource][0];
}

/** A PUT as the editor sends it: with the updated_at last read. */
async function edit(resource: Resource, post: { id: string; updated_at: string }, fields: Record<string, unknown>, query = '', as: Client = site.as.Owner) {
  const res = await as.put(`${resource}/${post.id}/${query}`, { [resource]: [{ ...fields, updated_at: post.updated_at }] });
  expect(res.status, JSON.stringify(await res.clone().json())).toBe(200);
  return (await body(res))[resource][0];
}

async function revisions(resource: Resource, id: string, as: Client = site.as.Owner, query = '') {
  const res = await as.get(`${resource}/${id}/revisions/${query}`);
  expect(res.status).toBe(200);
  return body(res);
}

const reasons = async (resource: Resource, id: string) => (await revisions(resource, id)).post_revisions.map((r: { reason: string }) => r.reason);

for (const resource of ['posts', 'pages'] as const) {
  describe(`revisions of ${resource}`, () => {
    it('records the initial revision on creation, listed without content and read with it', async () => {
      const post = await add(resource);
      const list = await revisions(resource, post.id);
      expect(list.meta.pagination).toMatchObject({ page: 1, total: 1, pages: 1 });
      expect(list.post_revisions).toHaveLength(1);
      const [first] = list.post_revisions;
      expect(first).toEqual({
        id: expect.stringMatching(/^[0-9a-f]{24}$/),
        post_id: post.id,
        title: 'First title',
        reason: 'initial_revision',
        created_at: expect.any(String),
        author: { id: site.ids.Owner, name: 'Ada Lovelace' },
      });
      const read = await site.as.Owner.get(`${resource}/${post.id}/revisions/${first.id}/`);
      expect(read.status).toBe(200);
      const [full] = (await body(read)).post_revisions;
      expect(full).toMatchObject({ ...first, mobiledoc: mobiledoc('First body'), feature_image: null, custom_excerpt: null });
      expect(full.html).toContain('First body');
    });

    it('autosaves at most one revision per post and author per interval, as the clock moves', async () => {
      const post = await add(resource);
      // within the window of the initial revision: kept in the post, no revision
      let current = await edit(resource, post, { title: 'Typed a little' });
      expect(await reasons(resource, post.id)).toEqual(['initial_revision']);
      clock.advance(11 * MINUTE);
      current = await edit(resource, current, { title: 'Typed more' });
      expect(await reasons(resource, post.id)).toEqual(['background_save', 'initial_revision']);
      clock.advance(MINUTE);
      current = await edit(resource, current, { title: 'Typed even more' });
      expect(await reasons(resource, post.id)).toEqual(['background_save', 'initial_revision']);
      // another author has a window of their own
      current = await edit(resource, current, { title: 'The editor types' }, '', site.as.Editor);
      const list = (await revisions(resource, post.id)).post_revisions;
      expect(list.map((r: { reason: string }) => r.reason)).toEqual(['background_save', 'background_save', 'initial_revision']);
      expect(list[0]).toMatchObject({ title: 'The editor types', author: { id: site.ids.Editor, name: 'Editor Person' } });
      clock.advance(10 * MINUTE + 1);
      await edit(resource, current, { title: 'Typed after the window' });
      expect((await revisions(resource, post.id)).post_revisions[0]).toMatchObject({ title: 'Typed after the window', reason: 'background_save' });
    });

    it('records an explicit save (?save_revision=1), unless the newest revision holds the same content', async () => {
      const post = await add(resource);
      const saved = await edit(resource, post, { title: 'Saved by hand', mobiledoc: mobiledoc('Saved body') }, '?save_revision=1');
      expect(await reasons(resource, post.id)).toEqual(['explicit_save', 'initial_revision']);
      await edit(resource, saved, { title: 'Saved by hand' }, '?save_revision=1');
      expect(await reasons(resource, post.id)).toEqual(['explicit_save', 'initial_revision']);
      // autosaved content is kept by the next explicit save, even with nothing new in it
      const typed = await edit(resource, saved, { title: 'Autosaved only' });
      expect(await reasons(resource, post.id)).toHaveLength(2);
      await edit(resource, typed, {}, '?save_revision=1');
      const [newest] = (await revisions(resource, post.id)).post_revisions;
      expect(newest).toMatchObject({ reason: 'explicit_save', title: 'Autosaved only' });
    });

    it('refuses an unknown save_revision value with 422, changing nothing', async () => {
      const post = await add(resource);
      const before = await snapshot(site.driver);
      const res = await site.as.Owner.put(`${resource}/${post.id}/?save_revision=maybe`, { [resource]: [{ title: 'No', updated_at: post.updated_at }] });
      expect(res.status).toBe(422);
      expect((await body(res)).errors[0].message).toContain('save_revision');
      expect({ ...(await snapshot(site.driver)), sessions: null }).toEqual({ ...before, sessions: null });
    });

    it('records publish, unpublish and schedule, and the scheduler’s publish', async () => {
      const post = await add(resource);
      let current = await edit(resource, post, { status: 'published' });
      current = await edit(resource, current, { status: 'draft' });
      const later = new Date(clock.now().getTime() + 60 * MINUTE).toISOString();
      await edit(resource, current, { status: 'scheduled', published_at: later });
      expect(await reasons(resource, post.id)).toEqual(['scheduled', 'unpublished', 'published', 'initial_revision']);
      clock.advance(61 * MINUTE);
      expect((await site.service.runDueJobs()).published).toBeGreaterThanOrEqual(1);
      const list = (await revisions(resource, post.id)).post_revisions;
      expect(list[0]).toMatchObject({ reason: 'published', author: { id: site.ids.Owner } });
    });

    it(`keeps the newest 50 (revisions.perPost's default), dropping the oldest`, async () => {
      let current = await add(resource, { title: 'Bounded 0' });
      for (let i = 1; i <= 52; i++) current = await edit(resource, current, { title: `Bounded ${i}` }, '?save_revision=1');
      const all = await revisions(resource, current.id, site.as.Owner, '?limit=all');
      expect(all.meta.pagination.total).toBe(50);
      expect(all.post_revisions.map((r: { title: string }) => r.title)).toEqual(Array.from({ length: 50 }, (_, i) => `Bounded ${52 - i}`));
      expect(all.post_revisions.some((r: { reason: string }) => r.reason === 'initial_revision')).toBe(false);
      const second = await revisions(resource, current.id, site.as.Owner, '?limit=15&page=2');
      expect(second.post_revisions[0].title).toBe('Bounded 37');
      expect(second.meta.pagination).toMatchObject({ page: 2, limit: 15, pages: 4, total: 50, next: 3, prev: 1 });
      const far = await revisions(resource, current.id, site.as.Owner, '?limit=999999999999999&page=999999999999999');
      expect(far.post_revisions).toEqual([]);
      expect(far.meta.pagination.total).toBe(50);
    });

    it('restores a revision: content back, a restored revision, updated_at moved, webhook and Content API alike', async () => {
      const hook = await site.admin.post('webhooks/', {
        webhooks: [{ event: `${resource === 'posts' ? 'post' : 'page'}.edited`, target_url: `https://hooks.example.com/${resource}-edited` }],
      });
      expect(hook.status).toBe(201);
      const post = await add(resource, { title: 'Original', mobiledoc: mobiledoc('Original body'), status: 'published', custom_excerpt: 'Original excerpt' });
      const changed = await edit(resource, post, { title: 'Overwritten', mobiledoc: mobiledoc('Overwritten body'), custom_excerpt: null }, '?save_revision=1');
      const contentUrl = `${BASE}/svc/api/v3/content/${resource}/${post.id}/?key=${site.contentKey}`;
      expect((await body(await site.service.fetch(new Request(contentUrl))))[resource][0].title).toBe('Overwritten');

      const initial = (await revisions(resource, post.id)).post_revisions.find((r: { reason: string }) => r.reason === 'initial_revision');
      expect(initial.title).toBe('Original');
      await site.service.runDueJobs();
      delivered.length = 0;
      clock.advance(1000);
      const res = await site.as.Owner.request('POST', `${resource}/${post.id}/revisions/${initial.id}/restore/`);
      expect(res.status).toBe(200);
      expect(res.headers.get('x-cache-invalidate')).toBe('/*');
      const [restored] = (await body(res))[resource];
      expect(restored).toMatchObject({ id: post.id, title: 'Original', mobiledoc: mobiledoc('Original body'), custom_excerpt: 'Original excerpt' });
      expect(Date.parse(restored.updated_at)).toBeGreaterThan(Date.parse(changed.updated_at));
      // the answer is the post as a read gives it
      expect((await body(await site.as.Owner.get(`${resource}/${post.id}/`)))[resource][0]).toEqual(restored);

      const list = (await revisions(resource, post.id)).post_revisions;
      expect(list[0]).toMatchObject({ reason: 'restored', title: 'Original', author: { id: site.ids.Owner } });

      // the read model sees the change at once
      const content = (await body(await site.service.fetch(new Request(contentUrl))))[resource][0];
      expect(content.title).toBe('Original');
      expect(content.html).toContain('Original body');

      await site.service.runDueJobs();
      const hooked = delivered.filter((d) => d.url.endsWith(`${resource}-edited`));
      expect(hooked).toHaveLength(1);
      const key = resource === 'posts' ? 'post' : 'page';
      expect(hooked[0].body[key].current.title).toBe('Original');
      expect(hooked[0].body[key].previous.title).toBe('Overwritten');

      // restoring what the post already holds still records it and moves updated_at
      const again = await site.as.Owner.request('POST', `${resource}/${post.id}/revisions/${initial.id}/restore/`);
      expect(again.status).toBe(200);
      expect(Date.parse((await body(again))[resource][0].updated_at)).toBeGreaterThan(Date.parse(restored.updated_at));
      expect((await reasons(resource, post.id)).slice(0, 2)).toEqual(['restored', 'restored']);

      // the activity log names each restore an edit, by whom, with the detail in its context
      const logged = (await body(await site.as.Owner.get(`actions/?filter=resource_id:${post.id}`))).actions;
      const restores = logged.filter((a: { context: string }) => JSON.parse(a.context).action === 'restored');
      expect(restores).toHaveLength(2);
      expect(restores[0]).toMatchObject({ event: 'edited', actor_id: site.ids.Owner, actor_type: 'user', resource_type: resource.slice(0, -1) });
    });

    it('shows the revisions with include=post_revisions on an Admin read of one post', async () => {
      const post = await add(resource);
      await edit(resource, post, { title: 'Second' }, '?save_revision=1');
      const res = await site.as.Owner.get(`${resource}/${post.id}/?include=post_revisions,tags,authors`);
      expect(res.status).toBe(200);
      const [read] = (await body(res))[resource];
      expect(read.post_revisions.map((r: { title: string }) => r.title)).toEqual(['Second', 'First title']);
      expect(read.post_revisions[1].mobiledoc).toBe(mobiledoc('First body'));
      expect(read.tags).toEqual([]);
      // not without it
      expect((await body(await site.as.Owner.get(`${resource}/${post.id}/`)))[resource][0].post_revisions).toBeUndefined();
    });

    it('answers 404 for an unknown revision, one of another post, or the other resource; 422 for a malformed id', async () => {
      const post = await add(resource);
      const other = await add(resource);
      const [theirs] = (await revisions(resource, other.id)).post_revisions;
      expect((await site.as.Owner.get(`${resource}/${post.id}/revisions/${theirs.id}/`)).status).toBe(404);
      expect((await site.as.Owner.get(`${resource}/${post.id}/revisions/aaaaaaaaaaaaaaaaaaaaaaaa/`)).status).toBe(404);
      expect((await site.as.Owner.request('POST', `${resource}/${post.id}/revisions/${theirs.id}/restore/`)).status).toBe(404);
      expect((await site.as.Owner.get(`${resource}/${post.id}/revisions/nope/`)).status).toBe(422);
      const elsewhere = resource === 'posts' ? 'pages' : 'posts';
      expect((await site.as.Owner.get(`${elsewhere}/${post.id}/revisions/`)).status).toBe(404);
      expect((await site.as.Owner.get(`${resource}/aaaaaaaaaaaaaaaaaaaaaaaa/revisions/`)).status).toBe(404);
    });

    it('names an integration as the author of what it wrote, on v2 and v3 alike', async () => {
      const res = await site.admin.post(`${resource}/`, { [resource]: [{ title: 'By a key' }] });
      const post = (await body(res))[resource][0];
      for (const version of ['v2', 'v3']) {
        const list = await site.admin.get(`${resource}/${post.id}/revisions/`, version);
        expect(list.status).toBe(200);
        expect((await body(list)).post_revisions[0].author).toEqual({ id: site.integrationId, name: 'Tests' });
      }
    });
  });
}

/** A request to the unversioned root, where v5 shapes are served. */
async function v5(method: string, path: string, payload?: unknown) {
  const res = await site.as.Owner.request(method, path, { version: 'v5', ...(payload === undefined ? {} : { body: payload }) });
  return { status: res.status, json: await body(res) };
}

// The reference's revisions carry the feature image's alt text and caption as they were (reference §13);
// pressroom's v5 revisions show them, and its v2/v3 revisions keep the shape they had.
describe('the feature image alt text and caption of revisions', () => {
  const IMAGE = 'https://example.com/lake.png';
  const at = (alt: string | null, caption: string | null) => ({ feature_image_alt: alt, feature_image_caption: caption });

  for (const resource of ['posts', 'pages'] as const) {
    it(`are kept by each revision of ${resource} as they were, shown on v5 reads and include=post_revisions, not on v2/v3`, async () => {
      const created = await v5('POST', `${resource}/`, {
        [resource]: [{ title: 'Lake', mobiledoc: mobiledoc('Lake body'), feature_image: IMAGE, ...at('A lake at dawn', 'Photo by <em>me</em>') }],
      });
      expect(created.status).toBe(201);
      const post = created.json[resource][0];
      clock.advance(1000);
      const edited = await v5('PUT', `${resource}/${post.id}/?save_revision=1`, {
        [resource]: [{ title: 'Lake at noon', ...at('A lake at noon', null), updated_at: post.updated_at }],
      });
      expect(edited.status).toBe(200);

      const list = (await v5('GET', `${resource}/${post.id}/revisions/`)).json.post_revisions;
      expect(list.map((r: { reason: string }) => r.reason)).toEqual(['explicit_save', 'initial_revision']);
      // a list shows no content, on v5 as before
      expect(Object.keys(list[0]).sort()).toEqual(['author', 'created_at', 'id', 'post_id', 'reason', 'title']);
      const [second, first] = list;

      const readFirst = await v5('GET', `${resource}/${post.id}/revisions/${first.id}/`);
      expect(readFirst.status).toBe(200);
      expect(readFirst.json.post_revisions[0]).toMatchObject({ title: 'Lake', feature_image: IMAGE, ...at('A lake at dawn', 'Photo by <em>me</em>') });
      const readSecond = (await v5('GET', `${resource}/${post.id}/revisions/${second.id}/`)).json.post_revisions[0];
      expect(readSecond).toMatchObject({ title: 'Lake at noon', feature_image: IMAGE, ...at('A lake at noon', null) });

      const included = (await v5('GET', `${resource}/${post.id}/?include=post_revisions`)).json[resource][0];
      expect(included.post_revisions.map((r: Record<string, unknown>) => [r.title, r.feature_image_alt, r.feature_image_caption])).toEqual([
        ['Lake at noon', 'A lake at noon', null],
        ['Lake', 'A lake at dawn', 'Photo by <em>me</em>'],
      ]);

      // v2 and v3 show the revision as they did: the same keys, none of these two
      for (const version of ['v2', 'v3']) {
        const read = await site.as.Owner.request('GET', `${resource}/${post.id}/revisions/${first.id}/`, { version });
        expect(read.status).toBe(200);
        const [shown] = (await body(read)).post_revisions;
        expect(Object.keys(shown).sort()).toEqual(
          ['author', 'created_at', 'custom_excerpt', 'feature_image', 'html', 'id', 'lexical', 'mobiledoc', 'post_id', 'reason', 'title'].sort(),
        );
        const withRevisions = await site.as.Owner.request('GET', `${resource}/${post.id}/?include=post_revisions`, { version });
        for (const revision of (await body(withRevisions))[resource][0].post_revisions) {
          expect(revision).not.toHaveProperty('feature_image_alt');
          expect(revision).not.toHaveProperty('feature_image_caption');
        }
      }
    });
  }

  it('a change of them alone records no revision, as the reference decides; the next revision holds them', async () => {
    const post = (await v5('POST', 'posts/', { posts: [{ title: 'Quiet', ...at('One', 'One caption') }] })).json.posts[0];
    clock.advance(1000);
    const altered = await v5('PUT', `posts/${post.id}/?save_revision=1`, { posts: [{ ...at('Two', 'Two caption'), updated_at: post.updated_at }] });
    expect(altered.status).toBe(200);
    expect(await reasons('posts', post.id)).toEqual(['initial_revision']);
    clock.advance(1000);
    const retitled = await v5('PUT', `posts/${post.id}/?save_revision=1`, {
      posts: [{ title: 'Quiet, retitled', updated_at: altered.json.posts[0].updated_at }],
    });
    expect(retitled.status).toBe(200);
    const included = (await v5('GET', `posts/${post.id}/?include=post_revisions`)).json.posts[0].post_revisions;
    expect(included.map((r: Record<string, unknown>) => [r.reason, r.feature_image_alt, r.feature_image_caption])).toEqual([
      ['explicit_save', 'Two', 'Two caption'],
      ['initial_revision', 'One', 'One caption'],
    ]);
  });

  it('are restored with the revision, whichever API version asks', async () => {
    for (const version of ['v5', 'v3']) {
      const post = (await v5('POST', 'posts/', { posts: [{ title: `Restored by ${version}`, feature_image: IMAGE, ...at('Before', '<em>Before</em>') }] })).json
        .posts[0];
      clock.advance(1000);
      const edited = await v5('PUT', `posts/${post.id}/?save_revision=1`, {
        posts: [{ title: 'Changed', feature_image: null, ...at(null, null), updated_at: post.updated_at }],
      });
      expect(edited.json.posts[0]).toMatchObject({ feature_image: null, ...at(null, null) });
      const [initial] = (await revisions('posts', post.id)).post_revisions.slice(-1);
      clock.advance(1000);
      const res = await site.as.Owner.request('POST', `posts/${post.id}/revisions/${initial.id}/restore/`, { version });
      expect(res.status).toBe(200);
      const answered = (await body(res)).posts[0];
      if (version === 'v5') expect(answered).toMatchObject({ title: `Restored by ${version}`, feature_image: IMAGE, ...at('Before', '<em>Before</em>') });
      else expect(answered).not.toHaveProperty('feature_image_alt');
      const read = (await v5('GET', `posts/${post.id}/?include=post_revisions`)).json.posts[0];
      expect(read).toMatchObject({ title: `Restored by ${version}`, feature_image: IMAGE, ...at('Before', '<em>Before</em>') });
      expect(read.post_revisions[0]).toMatchObject({ reason: 'restored', ...at('Before', '<em>Before</em>') });
    }
  });

  it('a caption an old revision kept as sent (from an import before the allow-list) is restored through the allow-list', async () => {
    const post = (await v5('POST', 'posts/', { posts: [{ title: 'Imported long ago' }] })).json.posts[0];
    const [initial] = (await revisions('posts', post.id)).post_revisions;
    const hostile = '<em>kept</em><img src=x onerror="alert(1)"><a href="javascript:alert(2)">x</a><script>alert(3)</script>';
    await site.driver.query('UPDATE post_revisions SET feature_image_caption = $1 WHERE id = $2', [hostile, initial.id]);
    clock.advance(1000);
    const res = await v5('POST', `posts/${post.id}/revisions/${initial.id}/restore/`);
    expect(res.status).toBe(200);
    const caption: string = res.json.posts[0].feature_image_caption;
    expect(caption).toContain('<em>kept</em>');
    for (const bad of ['<img', 'onerror', 'javascript:', '<script', 'alert(3)']) expect(caption).not.toContain(bad);
  });
});

describe('who may use revisions', () => {
  async function expectDenied(request: () => Promise<Response>) {
    const before = await snapshot(site.driver);
    const res = await request();
    expect(res.status).toBe(403);
    expect((await body(res)).errors[0].type).toBe('NoPermissionError');
    expect({ ...(await snapshot(site.driver)), sessions: null }).toEqual({ ...before, sessions: null });
  }

  it('Contributors and Authors who may not edit the post get 403 on every route, and nothing changes', async () => {
    const post = await add('posts', { title: 'Not theirs' });
    const [initial] = (await revisions('posts', post.id)).post_revisions;
    for (const role of ['Contributor', 'Author'] as Role[]) {
      const as = site.as[role];
      await expectDenied(() => as.get(`posts/${post.id}/revisions/`));
      await expectDenied(() => as.get(`posts/${post.id}/revisions/${initial.id}/`));
      await expectDenied(() => as.request('POST', `posts/${post.id}/revisions/${initial.id}/restore/`));
      await expectDenied(() => as.get(`posts/${post.id}/?include=post_revisions`));
    }
  });

  it('a Contributor may not restore their own post once it is published; an Author may restore their own', async () => {
    const draft = await add('posts', { title: 'Contributed' }, site.as.Contributor);
    expect((await revisions('posts', draft.id, site.as.Contributor)).post_revisions).toHaveLength(1);
    const published = await edit('posts', draft, { status: 'published' }, '', site.as.Editor);
    const [initial] = (await revisions('posts', draft.id)).post_revisions.slice(-1);
    await expectDenied(() => site.as.Contributor.request('POST', `posts/${draft.id}/revisions/${initial.id}/restore/`));
    expect(published.status).toBe('published');

    const own = await add('posts', { title: 'Authored' }, site.as.Author);
    await edit('posts', own, { title: 'Authored, changed' }, '?save_revision=1', site.as.Author);
    const [, first] = (await revisions('posts', own.id, site.as.Author)).post_revisions;
    const res = await site.as.Author.request('POST', `posts/${own.id}/revisions/${first.id}/restore/`);
    expect(res.status).toBe(200);
    expect((await body(res)).posts[0].title).toBe('Authored');
  });
});
