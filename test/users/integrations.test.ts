import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, BASE, body, snapshot } from '../helpers/service';
import { createStaffSite, type StaffSite } from './staff-site';

let site: StaffSite;

beforeAll(async () => {
  site = await createStaffSite();
});
afterAll(() => site.close());

const keyOf = (integration: { api_keys: { type: string; id: string; secret: string }[] }, type: 'admin' | 'content') =>
  integration.api_keys.find((k) => k.type === type)!;
const contentGet = (key: string) => site.service.fetch(new Request(`${BASE}/svc/api/v3/content/posts/?key=${key}`));

describe('integrations/', () => {
  let created: any;

  it('POST creates one and returns its admin and content keys', async () => {
    const res = await site.as.Administrator.post('integrations/', { integrations: [{ name: 'Zapier-ish', description: 'Automations' }] });
    expect(res.status).toBe(201);
    created = (await body(res)).integrations[0];
    expect(created).toMatchObject({ name: 'Zapier-ish', slug: 'zapier-ish', type: 'custom', description: 'Automations', webhooks: [] });
    const admin = keyOf(created, 'admin');
    const content = keyOf(created, 'content');
    expect(admin.id).toMatch(/^[a-f0-9]{24}$/);
    expect(admin.secret).toMatch(/^[a-f0-9]{64}$/);
    expect(content.secret).toMatch(/^[a-f0-9]{26}$/);
    expect((await adminClient(site.service, `${admin.id}:${admin.secret}`).get('posts/')).status).toBe(200);
    expect((await contentGet(content.secret)).status).toBe(200);
  });

  it('GET lists and reads them; api_keys and webhooks only when included', async () => {
    const list = await body(await site.as.Owner.get('integrations/'));
    expect(list.meta.pagination).toMatchObject({ page: 1, total: 2 });
    expect(list.integrations.map((i: { name: string }) => i.name)).toEqual(['Tests', 'Zapier-ish']);
    expect(list.integrations[0].api_keys).toBeUndefined();
    const withKeys = await body(await site.as.Owner.get(`integrations/${created.id}/?include=api_keys,webhooks`));
    expect(withKeys.integrations[0].api_keys).toHaveLength(2);
    expect(withKeys.integrations[0].webhooks).toEqual([]);
    expect((await site.as.Owner.get('integrations/5f00000000000000000000ff/')).status).toBe(404);
  });

  it('include=webhooks lists the integration’s webhooks (made with session auth, which needs integration_id)', async () => {
    const missing = await site.as.Owner.post('webhooks/', { webhooks: [{ event: 'post.added', target_url: 'https://hooks.example.com/a' }] });
    expect(missing.status).toBe(422);
    expect((await body(missing)).errors[0].property).toBe('integration_id');
    const res = await site.as.Owner.post('webhooks/', {
      webhooks: [{ event: 'post.added', target_url: 'https://hooks.example.com/a', integration_id: created.id }],
    });
    expect(res.status).toBe(201);
    const webhook = (await body(res)).webhooks[0];
    expect(webhook.integration_id).toBe(created.id);
    const read = await body(await site.as.Owner.get(`integrations/${created.id}/?include=webhooks`));
    expect(read.integrations[0].webhooks.map((w: { id: string }) => w.id)).toEqual([webhook.id]);
  });

  it('PUT edits name, description and icon; bad values are 422 and change nothing', async () => {
    const res = await site.as.Owner.put(`integrations/${created.id}/`, {
      integrations: [{ name: 'Renamed', description: null, icon_image: 'https://cdn.example.com/i.png' }],
    });
    expect(res.status).toBe(200);
    expect((await body(res)).integrations[0]).toMatchObject({ name: 'Renamed', description: null, icon_image: 'https://cdn.example.com/i.png' });
    const before = await snapshot(site.driver);
    for (const bad of [{ name: '' }, { name: 'n'.repeat(192) }, { icon_image: 'not a url' }]) {
      const rejected = await site.as.Owner.put(`integrations/${created.id}/`, { integrations: [bad] });
      expect(rejected.status).toBe(422);
    }
    expect({ ...(await snapshot(site.driver)), sessions: null }).toEqual({ ...before, sessions: null });
  });

  it('refreshing a key: the old one stops working at once, the new one works', async () => {
    const oldAdmin = keyOf(created, 'admin');
    const oldContent = keyOf(created, 'content');
    const oldClient = adminClient(site.service, `${oldAdmin.id}:${oldAdmin.secret}`);
    expect((await contentGet(oldContent.secret)).status).toBe(200);

    const res = await site.as.Owner.post(`integrations/${created.id}/api_key/${oldAdmin.id}/refresh/`, {});
    expect(res.status).toBe(200);
    const refreshedAdmin = keyOf((await body(res)).integrations[0], 'admin');
    expect(refreshedAdmin.id).toBe(oldAdmin.id);
    expect(refreshedAdmin.secret).not.toBe(oldAdmin.secret);
    expect((await oldClient.get('posts/')).status).toBe(401);
    expect((await adminClient(site.service, `${refreshedAdmin.id}:${refreshedAdmin.secret}`).get('posts/')).status).toBe(200);

    const refreshed = await site.as.Owner.post(`integrations/${created.id}/api_key/${oldContent.id}/refresh/`, {});
    const newContent = keyOf((await body(refreshed)).integrations[0], 'content');
    expect(newContent.secret).not.toBe(oldContent.secret);
    expect((await contentGet(oldContent.secret)).status).toBe(401);
    expect((await contentGet(newContent.secret)).status).toBe(200);
  });

  it('refreshing another integration’s key is 404', async () => {
    const other = (await body(await site.as.Owner.get(`integrations/?include=api_keys`))).integrations.find((i: { name: string }) => i.name === 'Tests');
    const res = await site.as.Owner.post(`integrations/${created.id}/api_key/${keyOf(other, 'admin').id}/refresh/`, {});
    expect(res.status).toBe(404);
  });

  it('DELETE removes it with its keys and webhooks', async () => {
    const keys = (await body(await site.as.Owner.get(`integrations/${created.id}/?include=api_keys`))).integrations[0];
    const admin = keyOf(keys, 'admin');
    const content = keyOf(keys, 'content');
    expect((await site.as.Owner.del(`integrations/${created.id}/`)).status).toBe(204);
    expect((await site.as.Owner.get(`integrations/${created.id}/`)).status).toBe(404);
    expect((await adminClient(site.service, `${admin.id}:${admin.secret}`).get('posts/')).status).toBe(401);
    expect((await contentGet(content.secret)).status).toBe(401);
    const { rows } = await site.driver.query<{ n: number }>('SELECT count(*)::int AS n FROM webhooks WHERE integration_id = $1', [created.id]);
    expect(rows[0].n).toBe(0);
  });

  it('is for Owners and Administrators only', async () => {
    for (const role of ['Editor', 'Author', 'Contributor'] as const) {
      expect((await site.as[role].get('integrations/')).status).toBe(403);
      expect((await site.as[role].post('integrations/', { integrations: [{ name: 'Nope' }] })).status).toBe(403);
    }
    expect((await site.admin.get('integrations/')).status).toBe(403);
  });
});
