import { createService, type ServiceOptions } from '../../lib';
import { versionSegment, type Version } from '../../lib/core/context';
import { createPgliteDriver } from '../../lib/storage/pglite/storage';
import { createSqlStorage } from '../../lib/storage/sql/sql-storage';
import { adminClient, BASE, body, type TestSite } from '../helpers/service';
import { OWNER, sessionClient, type SessionClient } from '../users/helpers';

export const ORIGIN = 'https://admin.example.com';

const mobiledoc = (text: string) => JSON.stringify({ version: '0.3.1', atoms: [], cards: [], markups: [], sections: [[1, 'p', [[0, [], 0, text]]]] });

export const SAMPLE_MOBILEDOC = mobiledoc('Some words for the body.');

/** Real values for path parameters, by `<first path segment>:<param>`, and the objects they came from. */
export interface Fixtures {
  params: Record<string, string[]>;
  /** Objects as the Admin API returned them, by root key: their keys are the fields the fuzz mutates. */
  samples: Record<string, Record<string, unknown>>;
  post: Record<string, any>;
  page: Record<string, any>;
  tag: Record<string, any>;
  editor: Record<string, any>;
  victim: { id: string; adminKeyId: string; contentKeyId: string };
}

export interface RobustSite extends TestSite {
  session: SessionClient;
  fixtures: Fixtures;
  /** Secrets that no error response may contain. */
  secrets: string[];
  adminUrl(path: string, version?: Version): string;
  contentUrl(path: string, version?: Version): string;
}

/**
 * As createTestSite, without its OpenAPI response check: the fuzz sends requests far outside what the
 * documents enumerate, and its own invariants (status class, envelope, unchanged data) are what it checks.
 */
async function openSite(options: ServiceOptions): Promise<TestSite> {
  const driver = await createPgliteDriver();
  const service = await createService({ url: BASE, storage: createSqlStorage(driver), ...options });
  const { user } = await service.setup({ name: 'Ada Lovelace', email: 'ada@example.com', password: 'a-long-password-1', title: 'Test site' });
  const { id, adminKey, contentKey } = await service.createIntegration({ name: 'Tests' });
  return {
    service,
    driver,
    adminKey,
    contentKey,
    integrationId: id,
    owner: user,
    admin: adminClient(service, adminKey, 'svc', options.now),
    close: () => service.close(),
  };
}

async function created(response: Promise<Response>, root: string): Promise<Record<string, any>> {
  const res = await response;
  const json = await body(res);
  if (res.status >= 300) throw new Error(`fixture ${root}: ${res.status} ${JSON.stringify(json)}`);
  return json[root][0];
}

/**
 * A site with one of everything, tuned so hostile requests reach validation: rate limits out of the way
 * (they have their own tests), webhook deliveries off (a background worker would change the outbox
 * while the fuzz compares snapshots).
 */
export async function robustSite(options: ServiceOptions = {}): Promise<RobustSite> {
  const site = await openSite({
    ...options,
    auth: { passwordIterations: 1000, loginRateLimit: { perEmail: 1e9, perAddress: 1e9 }, trustedOrigins: [ORIGIN], ...options.auth },
    contentApi: { keyFailuresPerMinute: 1e9, ...options.contentApi },
    webhooks: { worker: false, ...options.webhooks },
    passwordReset: { rateLimit: { perEmail: 1e9, perAddress: 1e9 }, ...options.passwordReset },
  });
  const session = sessionClient(site.service, { origin: ORIGIN });
  const login = await session.login(OWNER.email, OWNER.password);
  if (login.status !== 201) throw new Error(`owner login: ${login.status}`);

  const tag = await created(site.admin.post('tags/', { tags: [{ name: 'News', description: 'All the news' }] }), 'tags');
  const post = await created(
    site.admin.post('posts/', {
      posts: [{ title: 'Published post', status: 'published', tags: ['News'], mobiledoc: SAMPLE_MOBILEDOC, custom_excerpt: 'Short' }],
    }),
    'posts',
  );
  const draft = await created(site.admin.post('posts/', { posts: [{ title: 'Draft post', tags: [{ name: '#internal' }] }] }), 'posts');
  const page = await created(site.admin.post('pages/', { pages: [{ title: 'About', status: 'published', mobiledoc: SAMPLE_MOBILEDOC }] }), 'pages');
  const editor = await created(
    session.post('users/', { users: [{ name: 'Edna Editor', email: 'edna@example.com', password: 'another-long-password', roles: ['Editor'] }] }),
    'users',
  );
  const webhook = await created(
    site.admin.post('webhooks/', { webhooks: [{ event: 'post.added', target_url: 'https://hooks.example.com/in', name: 'Hook' }] }),
    'webhooks',
  );
  const victim = await created(session.post('integrations/', { integrations: [{ name: 'Victim', description: 'keys to refresh' }] }), 'integrations');
  const victimFull = await body(await session.get(`integrations/${victim.id}/?include=api_keys`));
  const keys: { id: string; type: string }[] = victimFull.integrations[0].api_keys;
  const settings = await body(await session.get('settings/'));
  const revisionIds = async (resource: string, id: string) =>
    (await body(await session.get(`${resource}/${id}/revisions/`))).post_revisions.map((r: { id: string }) => r.id) as string[];
  const roles = await body(await session.get('roles/'));
  const authorRole = roles.roles.find((r: { name: string }) => r.name === 'Author').id;
  const invite = await created(session.post('invites/', { invites: [{ email: 'invited@example.com', role_id: authorRole }] }), 'invites');

  const ownerId = site.owner.id as string;
  const fixtures: Fixtures = {
    params: {
      'posts:id': [post.id, draft.id],
      'posts:slug': [post.slug, draft.slug],
      'pages:id': [page.id],
      'pages:slug': [page.slug],
      'tags:id': [tag.id],
      'tags:slug': [tag.slug, 'hash-internal'],
      'users:id': [editor.id, ownerId],
      'users:slug': [editor.slug, site.owner.slug as string],
      'authors:id': [editor.id, ownerId],
      'authors:slug': [editor.slug, site.owner.slug as string],
      'webhooks:id': [webhook.id],
      'integrations:id': [victim.id],
      'integrations:keyid': keys.map((k) => k.id),
      'themes:name': ['casper', 'source'],
      'posts:rid': [...(await revisionIds('posts', post.id)), ...(await revisionIds('posts', draft.id))],
      'pages:rid': await revisionIds('pages', page.id),
      'posts:uuid': [post.uuid, draft.uuid],
      'pages:uuid': [page.uuid],
      'invites:id': [invite.id],
    },
    samples: {
      posts: post,
      pages: page,
      tags: tag,
      users: editor,
      webhooks: webhook,
      integrations: victim,
      invites: { email: 'someone@example.com', role_id: authorRole },
      settings: Object.fromEntries(settings.settings.map((s: { key: string; value: unknown }) => [s.key, s.value])),
    },
    post,
    page,
    tag,
    editor,
    victim: { id: victim.id, adminKeyId: keys.find((k) => k.type === 'admin')!.id, contentKeyId: keys.find((k) => k.type === 'content')!.id },
  };
  const [, adminSecret] = site.adminKey.split(':');
  const sessionToken = decodeURIComponent(session.cookie!.split('=')[1]);
  return {
    ...site,
    session,
    fixtures,
    secrets: [adminSecret, site.contentKey, sessionToken, OWNER.password],
    adminUrl: (path, version = 'v3') => `${BASE}/svc/api/${versionSegment(version)}admin/${path}`,
    contentUrl: (path, version = 'v3') => `${BASE}/svc/api/${versionSegment(version)}content/${path}`,
  };
}
