import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body } from '../helpers/service';
import { createStaffSite, type StaffSite } from '../users/staff-site';
import { manualClock } from '../users/helpers';
import { capturingMailer } from '../mail/capture';

const DAY = 24 * 60 * 60 * 1000;

interface Action {
  id: string;
  resource_id: string | null;
  resource_type: string;
  actor_id: string;
  actor_type: string;
  event: string;
  context: string;
  created_at: string;
  actor: { id: string; name: string | null };
}

describe('the activity log', () => {
  const clock = manualClock();
  let site: StaffSite;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    site = await createStaffSite({ mail: capturingMailer().mailer, now: clock.now, webhooks: { worker: false } });
    // the fixture's own writes (the Owner adding four users) are in the log: start from a clean one
    await site.driver.query('DELETE FROM actions');
    const { Owner, Editor } = site.as;
    const integration = site.admin;

    // 1. the Owner writes a draft and publishes it
    ids.post = (await body(await Owner.post('posts/', { posts: [{ title: 'Hello' }] }))).posts[0].id;
    const post = (await body(await Owner.get(`posts/${ids.post}/`))).posts[0];
    await Owner.put(`posts/${ids.post}/`, { posts: [{ status: 'published', updated_at: post.updated_at }] });
    // 2. the Editor adds a tag and retitles the post
    ids.tag = (await body(await Editor.post('tags/', { tags: [{ name: 'News' }] }))).tags[0].id;
    const published = (await body(await Editor.get(`posts/${ids.post}/`))).posts[0];
    await Editor.put(`posts/${ids.post}/`, { posts: [{ title: 'Hello, world', updated_at: published.updated_at }] });
    // 3. the integration adds a page and a webhook, then deletes the page
    ids.page = (await body(await integration.post('pages/', { pages: [{ title: 'About' }] }))).pages[0].id;
    ids.webhook = (
      await body(await integration.post('webhooks/', { webhooks: [{ event: 'post.added', target_url: 'https://hooks.example.com/a' }] }))
    ).webhooks[0].id;
    await integration.del(`pages/${ids.page}/`);
    // 4. the Owner changes a setting, invites someone, edits a user, deletes the tag
    await Owner.put('settings/', { settings: [{ key: 'title', value: 'Renamed' }] });
    const roles = (await body(await Owner.get('roles/'))).roles;
    ids.invite = (await body(await Owner.post('invites/', { invites: [{ email: 'new@example.com', role_id: roles[2].id }] }))).invites[0].id;
    await Owner.put(`users/${site.ids.Author}/`, { users: [{ bio: 'Writes.' }] });
    await Owner.del(`tags/${ids.tag}/`);
    // a refused write leaves no trace
    expect((await site.as.Contributor.put(`posts/${ids.post}/`, { posts: [{ title: 'Mine', updated_at: published.updated_at }] })).status).toBe(403);
  });
  afterAll(() => site.close());

  const log = async (query = '') => {
    const res = await site.as.Owner.get(`actions/${query}`);
    expect(res.status).toBe(200);
    return (await body(res)) as { actions: Action[]; meta: { pagination: { total: number; pages: number; next: number | null } } };
  };
  const summary = (a: Action) =>
    `${a.actor.name} ${a.event} ${a.resource_type} ${JSON.parse(a.context).primary_name ?? ''}${JSON.parse(a.context).action ? ` (${JSON.parse(a.context).action})` : ''}`;

  it('lists who did what, newest first, in the reference’s fields', async () => {
    const { actions, meta } = await log();
    expect(actions.map(summary)).toEqual([
      'Ada Lovelace deleted tag News',
      'Ada Lovelace edited user Author Person',
      'Ada Lovelace added invite new@example.com',
      'Ada Lovelace edited setting ',
      'Tests deleted page About',
      'Tests added webhook post.added',
      'Tests added page About',
      'Editor Person edited post Hello, world',
      'Editor Person added tag News',
      'Ada Lovelace edited post Hello (published)',
      'Ada Lovelace added post Hello',
    ]);
    expect(meta.pagination.total).toBe(11);
    const first = actions.at(-1)!;
    expect(Object.keys(first).sort()).toEqual(
      ['actor', 'actor_id', 'actor_type', 'context', 'created_at', 'event', 'id', 'resource_id', 'resource_type'].sort(),
    );
    expect(first).toMatchObject({ resource_id: ids.post, resource_type: 'post', actor_id: site.ids.Owner, actor_type: 'user', event: 'added' });
    expect(JSON.parse(first.context)).toEqual({ type: 'post', primary_name: 'Hello' });
    const page = actions.find((a) => a.resource_type === 'page' && a.event === 'added')!;
    expect(page).toMatchObject({ actor_id: site.integrationId, actor_type: 'integration', actor: { id: site.integrationId, name: 'Tests' } });
    expect(JSON.parse(actions[3].context)).toEqual({ type: 'setting', primary_name: null, keys: ['title'] });
  });

  it('filters on resource_id, resource_type, actor_id and event, and pages', async () => {
    expect((await log(`?filter=resource_id:${ids.post}`)).actions.map((a) => a.event)).toEqual(['edited', 'edited', 'added']);
    expect((await log('?filter=resource_type:page')).actions.map((a) => a.event)).toEqual(['deleted', 'added']);
    expect((await log(`?filter=actor_id:${site.ids.Editor}`)).actions).toHaveLength(2);
    expect((await log(`?filter=${encodeURIComponent('event:deleted+actor_type:user')}`)).actions.map(summary)).toEqual(['Ada Lovelace deleted tag News']);
    const page2 = await log('?limit=4&page=2');
    expect(page2.actions).toHaveLength(4);
    expect(page2.meta.pagination).toMatchObject({ total: 11, pages: 3, next: 3 });
    expect(page2.actions.map(summary)[0]).toBe('Tests deleted page About');
    const bad = await site.as.Owner.get('actions/?filter=password:x');
    expect(bad.status).toBe(400);
  });

  it('is for the Owner, Administrators and integrations only', async () => {
    expect((await site.as.Administrator.get('actions/')).status).toBe(200);
    expect((await site.admin.get('actions/')).status).toBe(200);
    for (const role of ['Editor', 'Author', 'Contributor'] as const) expect((await site.as[role].get('actions/')).status).toBe(403);
    expect((await site.admin.get('actions/', 'v2')).status).toBe(200);
  });

  it('keeps entries for actions.retentionDays (90) and drops older ones in the upkeep', async () => {
    const before = (await log()).meta.pagination.total;
    clock.advance(89 * DAY);
    await site.service.runDueJobs();
    expect((await log()).meta.pagination.total).toBe(before + 0);
    clock.advance(2 * DAY);
    await site.service.runDueJobs();
    // the request that reads the log is not in it; everything before 90 days ago is gone
    expect((await log()).meta.pagination.total).toBe(0);
  });
});
