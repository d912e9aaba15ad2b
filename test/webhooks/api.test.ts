import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, body, createTestSite, snapshot, type Client, type TestSite } from '../helpers/service';
import { createStaffSite, type StaffSite } from '../users/staff-site';

let site: TestSite;
let other: Client;
let otherIntegrationId: string;

beforeAll(async () => {
  site = await createTestSite({ webhooks: { worker: false } });
  const keys = await site.service.createIntegration({ name: 'Other' });
  other = adminClient(site.service, keys.adminKey);
  otherIntegrationId = keys.id;
});
afterAll(() => site.close());

const WEBHOOK_KEYS = [
  'id',
  'event',
  'target_url',
  'name',
  'secret',
  'api_version',
  'integration_id',
  'status',
  'last_triggered_at',
  'last_triggered_status',
  'last_triggered_error',
  'created_at',
  'updated_at',
].sort();

let n = 0;
const target = () => `https://hooks.example.com/${++n}`;

async function add(fields: Record<string, unknown>, client: Client = site.admin, version = 'v3') {
  const res = await client.post('webhooks/', { webhooks: [fields] }, version);
  return { res, json: await body(res) };
}

async function expectRejected(request: () => Promise<Response>, status: number, property?: string) {
  const before = await snapshot(site.driver);
  const res = await request();
  const json = await body(res);
  expect(res.status, JSON.stringify(json)).toBe(status);
  if (property) expect(json.errors[0].property).toBe(property);
  expect(await snapshot(site.driver)).toEqual(before);
  return json;
}

describe('POST webhooks/', () => {
  it('creates a webhook of the calling integration: 201 with the contract fields', async () => {
    const url = target();
    const { res, json } = await add({ event: 'post.published', target_url: url, name: 'Deploy', secret: 's3cret' });
    expect(res.status).toBe(201);
    const hook = json.webhooks[0];
    expect(Object.keys(hook).sort()).toEqual(WEBHOOK_KEYS);
    expect(hook).toMatchObject({
      event: 'post.published',
      target_url: url,
      name: 'Deploy',
      secret: 's3cret',
      api_version: 'v3',
      integration_id: site.integrationId,
      status: 'available',
      last_triggered_at: null,
      last_triggered_status: null,
      last_triggered_error: null,
    });
    expect(hook.id).toMatch(/^[a-f0-9]{24}$/);
    expect(hook.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it('works in v2, defaults api_version to the request version, and ignores an integration_id in the body', async () => {
    const { res, json } = await add({ event: 'post.added', target_url: target(), integration_id: otherIntegrationId }, site.admin, 'v2');
    expect(res.status).toBe(201);
    expect(json.webhooks[0]).toMatchObject({ api_version: 'v2', integration_id: site.integrationId, name: null, secret: null });
    const explicit = await add({ event: 'post.added', target_url: target(), api_version: 'v2' });
    expect(explicit.json.webhooks[0].api_version).toBe('v2');
  });

  it('accepts every event of reference-behaviour §11, case-insensitively', async () => {
    const { res, json } = await add({ event: 'Post.Published.Edited', target_url: target() });
    expect(res.status).toBe(201);
    expect(json.webhooks[0].event).toBe('post.published.edited');
  });

  it('rejects missing and unknown events, bad URLs and other bad fields with 422, changing nothing', async () => {
    await expectRejected(() => site.admin.post('webhooks/', { webhooks: [{ target_url: target() }] }), 422, 'event');
    await expectRejected(() => site.admin.post('webhooks/', { webhooks: [{ event: 'post.exploded', target_url: target() }] }), 422, 'event');
    await expectRejected(() => site.admin.post('webhooks/', { webhooks: [{ event: 'post.added' }] }), 422, 'target_url');
    for (const bad of ['not a url', '/relative/path', 'ftp://example.com/x', 'javascript:alert(1)', 'file:///etc/passwd', '']) {
      await expectRejected(() => site.admin.post('webhooks/', { webhooks: [{ event: 'post.added', target_url: bad }] }), 422, 'target_url');
    }
    await expectRejected(
      () => site.admin.post('webhooks/', { webhooks: [{ event: 'post.added', target_url: target(), api_version: 'v9' }] }),
      422,
      'api_version',
    );
    await expectRejected(() => site.admin.post('webhooks/', { webhooks: [{ event: 42, target_url: target() }] }), 422, 'event');
    await expectRejected(() => site.admin.post('webhooks/', { webhooks: [{ event: 'post.added', target_url: target(), name: 'x'.repeat(192) }] }), 422, 'name');
    await expectRejected(() => site.admin.post('webhooks/', { hooks: [{}] }), 422, 'webhooks');
    await expectRejected(() => site.admin.request('POST', 'webhooks/', { body: '{"webhooks":[', headers: { 'content-type': 'application/json' } }), 400);
  });

  it('rejects the same event and target URL twice (422), also across integrations and URL spellings', async () => {
    const url = target();
    expect((await add({ event: 'tag.added', target_url: url })).res.status).toBe(201);
    const json = await expectRejected(() => site.admin.post('webhooks/', { webhooks: [{ event: 'tag.added', target_url: url }] }), 422, 'target_url');
    expect(json.errors[0].message).toMatch(/already been used/);
    await expectRejected(() => other.post('webhooks/', { webhooks: [{ event: 'tag.added', target_url: url.replace('https://hooks', 'https://HOOKS') }] }), 422);
    // another event to the same URL is fine
    expect((await add({ event: 'tag.edited', target_url: url })).res.status).toBe(201);
  });

  it('refuses private, loopback and link-local targets by default', async () => {
    for (const url of [
      'http://127.0.0.1/',
      'http://10.0.0.1/',
      'http://[::1]/',
      'http://169.254.169.254/',
      'http://localhost:3000/hook',
      'http://192.168.0.10/x',
    ]) {
      const json = await expectRejected(() => site.admin.post('webhooks/', { webhooks: [{ event: 'post.added', target_url: url }] }), 422, 'target_url');
      expect(json.errors[0].message).toMatch(/public address/);
    }
  });

  it('refuses IPv6 targets that embed or reach a private IPv4 address, however they are written', async () => {
    const targets = [
      'http://[::ffff:7f00:1]/',
      'http://[0:0:0:0:0:ffff:127.0.0.1]/',
      'http://[::ffff:0:7f00:1]/',
      'http://[::127.0.0.1]/',
      'http://[64:ff9b::a9fe:a9fe]/latest',
      'http://[64:ff9b:1::1]/',
      'http://[2001::1]/',
      'http://[2002:a00:1::1]/',
    ];
    for (const url of targets) {
      const json = await expectRejected(() => site.admin.post('webhooks/', { webhooks: [{ event: 'post.added', target_url: url }] }), 422, 'target_url');
      expect(json.errors[0].message, url).toMatch(/public address/);
    }
  });

  it('needs authentication and the permission', async () => {
    const res = await site.service.fetch(
      new Request('http://127.0.0.1:2368/svc/api/v3/admin/webhooks/', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ webhooks: [{ event: 'post.added', target_url: target() }] }),
      }),
    );
    expect(res.status).toBe(401);
  });
});

describe('PUT webhooks/{id}/ and DELETE webhooks/{id}/', () => {
  it('edits event, target_url, name and api_version; other fields are ignored (v3)', async () => {
    const created = (await add({ event: 'post.added', target_url: target(), name: 'Old', secret: 'keep' })).json.webhooks[0];
    const url = target();
    const res = await site.admin.put(`webhooks/${created.id}/`, {
      webhooks: [
        { event: 'post.deleted', target_url: url, name: 'New', api_version: 'v2', secret: 'changed', integration_id: otherIntegrationId, status: 'x' },
      ],
    });
    expect(res.status).toBe(200);
    const hook = (await body(res)).webhooks[0];
    expect(hook).toMatchObject({
      id: created.id,
      event: 'post.deleted',
      target_url: url,
      name: 'New',
      api_version: 'v2',
      secret: 'keep',
      integration_id: site.integrationId,
      status: 'available',
    });
    expect(new Date(hook.updated_at).getTime()).toBeGreaterThan(new Date(created.updated_at).getTime());
  });

  it('validates edits like adds', async () => {
    const a = (await add({ event: 'post.added', target_url: target() })).json.webhooks[0];
    const b = (await add({ event: 'post.edited', target_url: target() })).json.webhooks[0];
    await expectRejected(() => site.admin.put(`webhooks/${a.id}/`, { webhooks: [{ event: 'nope' }] }), 422, 'event');
    await expectRejected(() => site.admin.put(`webhooks/${a.id}/`, { webhooks: [{ target_url: 'http://10.0.0.1/' }] }), 422, 'target_url');
    await expectRejected(() => site.admin.put(`webhooks/${a.id}/`, { webhooks: [{ event: 'post.edited', target_url: b.target_url }] }), 422, 'target_url');
    // editing a webhook to what it already is is no duplicate of itself
    expect((await site.admin.put(`webhooks/${a.id}/`, { webhooks: [{ event: 'post.added', target_url: a.target_url }] })).status).toBe(200);
  });

  it('has no edit in v2, and no browse or read route', async () => {
    const a = (await add({ event: 'post.added', target_url: target() })).json.webhooks[0];
    await expectRejected(() => site.admin.put(`webhooks/${a.id}/`, { webhooks: [{ name: 'x' }] }, 'v2'), 405);
    expect((await site.admin.get('webhooks/')).status).toBe(405);
    expect((await site.admin.get(`webhooks/${a.id}/`)).status).toBe(405);
  });

  it('deletes with 204; unknown ids are 404, malformed ones 422', async () => {
    const a = (await add({ event: 'post.added', target_url: target() })).json.webhooks[0];
    const res = await site.admin.del(`webhooks/${a.id}/`);
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
    expect((await site.driver.query('SELECT 1 FROM webhooks WHERE id = $1', [a.id])).rows).toHaveLength(0);
    await expectRejected(() => site.admin.del(`webhooks/${a.id}/`), 404);
    await expectRejected(() => site.admin.put(`webhooks/${a.id}/`, { webhooks: [{ name: 'x' }] }), 404);
    await expectRejected(() => site.admin.del('webhooks/not-an-id/'), 422, 'id');
    const v2 = (await add({ event: 'post.added', target_url: target() })).json.webhooks[0];
    expect((await site.admin.del(`webhooks/${v2.id}/`, 'v2')).status).toBe(204);
  });

  it("forbids an integration to touch another integration's webhooks (403)", async () => {
    const mine = (await add({ event: 'post.added', target_url: target() })).json.webhooks[0];
    await expectRejected(() => other.put(`webhooks/${mine.id}/`, { webhooks: [{ name: 'hijack' }] }), 403);
    await expectRejected(() => other.del(`webhooks/${mine.id}/`), 403);
    // the 403 comes before any validation of the body
    await expectRejected(() => other.put(`webhooks/${mine.id}/`, { webhooks: [{ event: 'nope' }] }), 403);
  });
});

describe('with a staff user (session authentication)', () => {
  let staff: StaffSite;
  beforeAll(async () => {
    staff = await createStaffSite({ webhooks: { worker: false } });
  });
  afterAll(() => staff.close());

  it("needs an existing integration_id (422), and may then manage any integration's webhooks", async () => {
    const owner = staff.as.Owner;
    const url = target();
    const before = await snapshot(staff.driver);
    for (const integration_id of [undefined, 'a'.repeat(24), 'nope']) {
      const res = await owner.post('webhooks/', { webhooks: [{ event: 'post.added', target_url: url, integration_id }] });
      expect(res.status).toBe(422);
      expect((await body(res)).errors[0].property).toBe('integration_id');
    }
    expect(await snapshot(staff.driver)).toEqual(before);

    const res = await owner.post('webhooks/', { webhooks: [{ event: 'post.added', target_url: url, integration_id: staff.integrationId }] });
    expect(res.status).toBe(201);
    const hook = (await body(res)).webhooks[0];
    expect(hook.integration_id).toBe(staff.integrationId);
    // it is listed with its integration
    const listed = await body(await owner.get(`integrations/${staff.integrationId}/?include=webhooks`));
    expect(listed.integrations[0].webhooks.map((w: any) => w.id)).toEqual([hook.id]);

    const edited = await staff.as.Administrator.put(`webhooks/${hook.id}/`, { webhooks: [{ name: 'By staff' }] });
    expect(edited.status).toBe(200);
    expect((await body(edited)).webhooks[0].name).toBe('By staff');
    // staff may change an integration's webhook, and the integration may still manage it too
    expect((await staff.admin.put(`webhooks/${hook.id}/`, { webhooks: [{ name: 'By the integration' }] })).status).toBe(200);
    expect((await owner.del(`webhooks/${hook.id}/`)).status).toBe(204);
  });

  it('is refused to roles below Administrator (403)', async () => {
    const hook = (await body(await staff.admin.post('webhooks/', { webhooks: [{ event: 'post.added', target_url: target() }] }))).webhooks[0];
    const before = await snapshot(staff.driver);
    for (const role of ['Editor', 'Author', 'Contributor'] as const) {
      expect(
        (await staff.as[role].post('webhooks/', { webhooks: [{ event: 'post.added', target_url: target(), integration_id: staff.integrationId }] })).status,
      ).toBe(403);
      expect((await staff.as[role].put(`webhooks/${hook.id}/`, { webhooks: [{ name: 'x' }] })).status).toBe(403);
      expect((await staff.as[role].del(`webhooks/${hook.id}/`)).status).toBe(403);
    }
    expect(await snapshot(staff.driver)).toEqual(before);
  });
});
