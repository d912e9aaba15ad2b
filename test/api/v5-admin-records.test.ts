// v5 shapes of webhooks, integrations and session at the unversioned Admin root, as the reference
// (Ghost 5) shows them: its e2e snapshots admin/webhooks (no `status`) and admin/session (the user
// itself), and its integrations output mapper (an admin key's secret is `<id>:<secret>`).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, BASE, body } from '../helpers/service';
import { createStaffSite, type StaffSite } from '../users/staff-site';

let site: StaffSite;

beforeAll(async () => {
  site = await createStaffSite();
});
afterAll(() => site.close());

/** A request at the unversioned Admin root signed with `adminKey` for `aud` `/admin/`, as the reference's v5 SDKs sign. */
async function withKey(adminKey: string, method: string, path: string, payload?: unknown) {
  const headers: Record<string, string> = { authorization: `Svc ${await adminToken(adminKey, { aud: '/admin/' })}` };
  if (payload !== undefined) headers['content-type'] = 'application/json';
  return site.service.fetch(
    new Request(`${BASE}/svc/api/admin/${path}`, { method, headers, body: payload === undefined ? undefined : JSON.stringify(payload) }),
  );
}

/** The keys of a webhook in the reference's snapshot (admin/__snapshots__/webhooks.test.js.snap). */
const REFERENCE_WEBHOOK_KEYS = [
  'api_version',
  'created_at',
  'event',
  'id',
  'integration_id',
  'last_triggered_at',
  'last_triggered_error',
  'last_triggered_status',
  'name',
  'secret',
  'target_url',
  'updated_at',
];

describe('v5 webhooks', () => {
  it('show the reference’s fields, without v3’s status', async () => {
    const made = await withKey(site.adminKey, 'POST', 'webhooks/', {
      webhooks: [{ event: 'post.added', target_url: 'https://hooks.example.com/v5-shape', name: 'Shape', secret: 'thisissecret' }],
    });
    expect(made.status).toBe(201);
    const hook = (await body(made)).webhooks[0];
    expect(Object.keys(hook).sort()).toEqual(REFERENCE_WEBHOOK_KEYS);
    expect(hook).toMatchObject({ event: 'post.added', name: 'Shape', secret: 'thisissecret', api_version: 'v5', last_triggered_at: null });

    const edited = await withKey(site.adminKey, 'PUT', `webhooks/${hook.id}/`, { webhooks: [{ name: 'Renamed' }] });
    expect(Object.keys((await body(edited)).webhooks[0]).sort()).toEqual(REFERENCE_WEBHOOK_KEYS);

    // v3 keeps its shape: status is there
    const v3 = await site.admin.put(`webhooks/${hook.id}/`, { webhooks: [{ name: 'Renamed again' }] });
    expect((await body(v3)).webhooks[0].status).toBe('available');
  });
});

describe('v5 integrations', () => {
  it('show the admin key as the <id>:<secret> a client signs with; v3 shows the secret alone', async () => {
    const path = `integrations/${site.integrationId}/?include=api_keys,webhooks`;
    const v5 = await site.as.Owner.request('GET', path, { version: 'v5' });
    expect(v5.status).toBe(200);
    const integration = (await body(v5)).integrations[0];
    const admin = integration.api_keys.find((key: { type: string }) => key.type === 'admin');
    const content = integration.api_keys.find((key: { type: string }) => key.type === 'content');
    expect(admin.secret).toBe(site.adminKey);
    expect(content.secret).toBe(site.contentKey);
    for (const hook of integration.webhooks) expect(hook).not.toHaveProperty('status');

    const v3 = (await body(await site.as.Owner.get(path))).integrations[0];
    const v3Admin = v3.api_keys.find((key: { type: string }) => key.type === 'admin');
    expect(`${v3Admin.id}:${v3Admin.secret}`).toBe(admin.secret);
    expect(Object.keys(v3)).toEqual(Object.keys(integration));
    expect(Object.keys(v3Admin)).toEqual(Object.keys(admin));

    // the key as v5 shows it is what a client signs with
    expect((await withKey(admin.secret, 'GET', 'site/')).status).toBe(200);
    expect((await withKey(admin.secret, 'GET', 'posts/')).status).toBe(200);
  });

  it('are described so by the v5 OpenAPI document', async () => {
    const doc = await body(await site.service.fetch(new Request(`${BASE}/svc/api/admin/openapi.json`)));
    expect(Object.keys(doc.components.schemas.Webhook.properties).sort()).toEqual(REFERENCE_WEBHOOK_KEYS);
    expect(doc.components.schemas.ApiKey.properties.secret.description).toContain('<id>:<secret>');
    const v3 = await body(await site.service.fetch(new Request(`${BASE}/svc/api/v3/admin/openapi.json`)));
    expect(v3.components.schemas.Webhook.properties).toHaveProperty('status');
  });
});

describe('v5 session/', () => {
  it('answers with the signed-in user itself, as the reference does; v3 with {users: [user]}', async () => {
    const v5 = await site.as.Owner.request('GET', 'session/', { version: 'v5' });
    expect(v5.status).toBe(200);
    const user = await body(v5);
    expect(user).toMatchObject({ id: site.owner.id, email: 'ada@example.com' });
    expect(user).not.toHaveProperty('users');
    const v3 = await body(await site.as.Owner.get('session/'));
    expect(v3.users[0].id).toBe(site.owner.id);
  });
});
