import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createService, type Service } from '../../lib';
import { createPgStorage } from '../../lib/storage/pg';
import { adminClient, BASE, body, type Client } from '../helpers/service';
import { checkResponses } from '../helpers/openapi-check';
import { dropSchema, POSTGRES_URL, postgresAvailable, uniqueSchema } from '../helpers/postgres';
import { add, search, titles, type Site } from './helpers';

const postgres = await postgresAvailable();

// The same SQL on a PostgreSQL server: migration 016 there (unaccent, the configurations in the
// site's schema), and the key cases of the PGlite suites.

describe.skipIf(!postgres.ok)('search on a PostgreSQL server', () => {
  const schema = uniqueSchema();
  let service: Service;
  let site: Site & { admin: Client };

  beforeAll(async () => {
    service = await createService({
      url: BASE,
      storage: await createPgStorage({ connectionString: POSTGRES_URL, schema }),
      auth: { passwordIterations: 1000 },
    });
    checkResponses(service);
    await service.setup({ name: 'Ada Lovelace', email: 'ada@example.com', password: 'a-long-password-1' });
    const keys = await service.createIntegration({ name: 'pg' });
    site = { service, contentKey: keys.contentKey, admin: adminClient(service, keys.adminKey) };
    await add(site, { title: 'Publishing at scale', html: '<p>A note.</p>', tags: ['Guides'] });
    await add(site, { title: 'Weekly notes', html: '<p>We published a piece on publishing pipelines and a crème brûlée.</p>' });
    await add(site, { title: 'Members harbour', visibility: 'members', html: '<p>The secret keeper.</p>' });
    await add(site, { title: 'Draft harbour', status: 'draft', html: '<p>Unfinished.</p>' });
  }, 60_000);
  afterAll(async () => {
    await service?.close();
    await dropSchema(schema);
  });

  it('ranks, stems, folds accents, reads phrases, exclusions and prefixes', async () => {
    expect(await titles(site, 'publishing')).toEqual(['Publishing at scale', 'Weekly notes']);
    expect(await titles(site, 'publish ')).toEqual(['Publishing at scale', 'Weekly notes']);
    expect(await titles(site, 'publ')).toEqual(['Publishing at scale', 'Weekly notes']);
    expect(await titles(site, 'CREME brulee')).toEqual(['Weekly notes']);
    expect(await titles(site, '"publishing pipelines"')).toEqual(['Weekly notes']);
    expect(await titles(site, 'publishing -pipelines')).toEqual(['Publishing at scale']);
    expect(await titles(site, 'publishing', 'order=title%20desc')).toEqual(['Weekly notes', 'Publishing at scale']);
  });

  it('keeps to what each API may show, with escaped headlines', async () => {
    expect(await titles(site, 'harbour')).toEqual(['Members harbour']);
    expect(await titles(site, 'secret')).toEqual([]);
    expect(await titles(site, 'harbour', 'order=title%20asc', 'admin')).toEqual(['Draft harbour', 'Members harbour']);
    const { posts } = await search(site, 'crème', 'include=search.headline');
    expect(posts[0].search!.headline).toContain('<mark>crème</mark>');
  });

  it('follows a tag rename and refuses a query without a word', async () => {
    const tag = (await body(await site.admin.get('tags/slug/guides/'))).tags[0];
    expect((await site.admin.put(`tags/${tag.id}/`, { tags: [{ name: 'Handbooks', updated_at: tag.updated_at }] })).status).toBe(200);
    expect(await titles(site, 'handbooks')).toEqual(['Publishing at scale']);
    expect(await titles(site, 'guides')).toEqual([]);
    const res = await service.fetch(new Request(`${BASE}/svc/api/v3/content/posts/?key=${site.contentKey}&search=%26%7C!`));
    expect(res.status).toBe(422);
    expect((await body(res)).errors[0].property).toBe('search');
  });
});
