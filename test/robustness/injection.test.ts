// An injection corpus in every string a client controls — filters, slugs, order, fields, include, formats
// and body fields of every writable resource. Each is stored as data (and read back byte for byte) or
// refused with a 4xx; none is executed: the schema, the other rows and the secrets stay as they were.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE, body } from '../helpers/service';
import { changedTables, checksum, envelopeProblems, FULL, leakIn, SEED } from './helpers';
import { INJECTIONS as CORPUS } from './corpus';
import { integrityProblems } from './integrity';
import { robustSite, type RobustSite } from './site';

/** The whole corpus in the full run; in `npm test` every fourth entry, which one depends on the seed. */
const INJECTIONS = FULL ? CORPUS : CORPUS.filter((_, i) => i % 4 === SEED % 4);

let site: RobustSite;
let tablesBefore: string[];
let untouchedBefore: Record<string, string>;
/** Tables the body-field tests write to on purpose; every other table must not change at all. */
const WRITTEN = [
  'posts',
  'posts_tags',
  'posts_authors',
  'tags',
  'users',
  'settings',
  'webhooks',
  'integrations',
  'content_generation',
  // what each change touched, recorded by the database's triggers (migration 014)
  'content_changes',
  'sessions',
  // the fixture's webhook is subscribed to post.added: every post written queues a delivery
  'webhook_events',
  'webhook_deliveries',
  // every post written records its initial revision (migration 017)
  'post_revisions',
  // every admin write adds its activity log entry
  'actions',
  // a post's search vectors, kept by triggers on posts (migration 020)
  'post_search',
];

async function tables(): Promise<string[]> {
  const { rows } = await site.driver.query<{ table_name: string }>(
    'SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() ORDER BY table_name',
  );
  return rows.map((r) => r.table_name);
}

async function untouched(): Promise<Record<string, string>> {
  const sums = await checksum(site.driver);
  return Object.fromEntries(Object.entries(sums).filter(([t]) => !WRITTEN.includes(t)));
}

beforeAll(async () => {
  site = await robustSite();
  tablesBefore = await tables();
  untouchedBefore = await untouched();
}, 60_000);
afterAll(() => site?.close());

const content = (path: string, query: string) => `${BASE}/svc/api/v3/content/${path}?key=${site.contentKey}&${query}`;

async function refusedOrOk(response: Response, what: string, allowed = [200, 400, 404, 422]): Promise<string> {
  const text = await response.text();
  expect(allowed, `${what} → ${response.status} ${text.slice(0, 300)}`).toContain(response.status);
  if (response.status >= 400) expect(envelopeProblems(response.status, response.headers.get('content-type'), text), what).toEqual([]);
  expect(leakIn(text, site.secrets), what).toBeNull();
  return text;
}

/** NQL's quoted string: a single quote inside is escaped with a backslash. */
const quoted = (s: string) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

describe('filters', () => {
  const endpoints = ['posts/', 'pages/', 'tags/', 'authors/'];

  it('an injection inside a quoted value matches nothing and runs nothing', async () => {
    for (const inj of INJECTIONS) {
      for (const path of endpoints) {
        const field = path === 'posts/' || path === 'pages/' ? 'title' : 'name';
        const response = await site.service.fetch(new Request(content(path, `filter=${encodeURIComponent(`${field}:${quoted(inj)}`)}`)));
        const text = await refusedOrOk(response, `${path} ${field}:${inj}`);
        if (response.status === 200) expect(JSON.parse(text)[path.replace('/', '')], `${path} ${inj}`).toEqual([]);
      }
    }
  });

  it('an injection anywhere else in a filter is refused or ignored, never a 5xx', async () => {
    const shapes = (inj: string) => [
      inj,
      `slug:${inj}`,
      `tag:[${inj}]`,
      `title:~${quoted(inj)}`,
      `${inj}:x`,
      `title:-${quoted(inj)}`,
      `published_at:>${inj}`,
      `slug:[${quoted(inj)},x]+featured:true`,
      `(${inj})`,
      `tags.slug:${quoted(inj)},authors.slug:${quoted(inj)}`,
    ];
    let refused = 0;
    for (const inj of INJECTIONS) {
      for (const filter of shapes(inj)) {
        for (const path of endpoints) {
          const response = await site.service.fetch(new Request(content(path, `filter=${encodeURIComponent(filter)}`)));
          await refusedOrOk(response, `${path} filter=${filter}`);
          if (response.status === 400) refused += 1;
        }
        const admin = await site.admin.get(`posts/?filter=${encodeURIComponent(filter)}`);
        await refusedOrOk(admin, `admin posts filter=${filter}`);
      }
    }
    expect(refused).toBeGreaterThan(INJECTIONS.length);
  });

  it('a classic tautology does not widen the result', async () => {
    const all = (await body(await site.service.fetch(new Request(content('posts/', 'limit=all'))))).posts.length;
    expect(all).toBeGreaterThan(0);
    for (const filter of ["slug:'x' OR '1'='1'", "slug:x'+OR+'1'='1", "slug:'x\\' OR 1=1 --'", 'slug:x,slug:-x+id:-null']) {
      const response = await site.service.fetch(new Request(content('posts/', `limit=all&filter=${encodeURIComponent(filter)}`)));
      const text = await refusedOrOk(response, filter);
      // the last one is a real NQL tautology: it may match everything, as NQL says, and nothing more
      if (response.status === 200 && !filter.startsWith('slug:x,')) expect(JSON.parse(text).posts, filter).toEqual([]);
    }
  });
});

describe('slugs, ids, order, fields, include and formats', () => {
  it('an injection as a slug or id in the path finds nothing', async () => {
    for (const inj of INJECTIONS) {
      for (const path of ['posts/slug/', 'pages/slug/', 'tags/slug/', 'authors/slug/', 'posts/', 'tags/']) {
        const response = await site.service.fetch(new Request(`${BASE}/svc/api/v3/content/${path}${encodeURIComponent(inj)}/?key=${site.contentKey}`));
        await refusedOrOk(response, `${path}${inj}`, [400, 404, 422]);
      }
      for (const path of ['posts/slug/', 'tags/slug/', 'users/slug/', 'posts/', 'users/', 'integrations/', 'webhooks/']) {
        const method = path === 'webhooks/' ? 'DELETE' : 'GET';
        const response = await site.session.request(method, `${path}${encodeURIComponent(inj)}/`);
        await refusedOrOk(response, `admin ${path}${inj}`, [400, 404, 405, 422]);
      }
    }
  });

  it('an injection in order, fields, include or formats is ignored or refused', async () => {
    const baseline = (await body(await site.service.fetch(new Request(content('posts/', 'limit=all'))))).posts.map((p: { id: string }) => p.id);
    for (const inj of INJECTIONS) {
      for (const name of ['order', 'fields', 'include', 'formats']) {
        const query = `limit=all&${name}=${encodeURIComponent(inj)}`;
        for (const path of ['posts/', 'tags/', 'authors/', 'pages/']) {
          const response = await site.service.fetch(new Request(content(path, query)));
          const text = await refusedOrOk(response, `${path}?${name}=${inj}`);
          if (path === 'posts/' && response.status === 200 && name !== 'fields') {
            // an order clause that is not a field and a direction is dropped: the default order stands
            expect(
              JSON.parse(text).posts.map((p: { id: string }) => p.id),
              `${name}=${inj}`,
            ).toEqual(baseline);
          }
        }
        await refusedOrOk(await site.admin.get(`posts/?${query}`), `admin posts ?${name}=${inj}`);
        await refusedOrOk(await site.session.get(`users/?${query}`), `admin users ?${name}=${inj}`);
      }
    }
  });
});

describe('body fields are stored as data', () => {
  /** Writes `value` into each field and reads it back; returns how many were stored (the rest were refused). */
  async function roundTrip(
    write: (value: string) => Promise<Response>,
    read: (written: Record<string, any>) => Promise<Record<string, any>>,
    fields: string[],
    build: (field: string, value: string) => Record<string, unknown>,
    root: string,
  ): Promise<number> {
    let stored = 0;
    for (const inj of INJECTIONS) {
      for (const field of fields) {
        const response = await write(JSON.stringify({ [root]: [build(field, inj)] }));
        const text = await refusedOrOk(response, `${root}.${field}=${inj}`, [200, 201, 400, 409, 422]);
        if (response.status >= 300) continue;
        const written = JSON.parse(text)[root][0];
        const fresh = await read(written);
        expect(fresh[field], `${root}.${field} read back`).toBe(inj);
        stored += 1;
      }
    }
    return stored;
  }

  it('posts: title, excerpt, meta and code injection fields; tag names given on the post', async () => {
    const fields = ['title', 'custom_excerpt', 'meta_title', 'meta_description', 'og_title', 'twitter_description', 'codeinjection_head', 'custom_template'];
    const stored = await roundTrip(
      (json) => site.admin.request('POST', 'posts/', { body: json }),
      async (post) => (await body(await site.admin.get(`posts/${post.id}/`))).posts[0],
      fields,
      (field, value) => ({ title: 'Injection carrier', [field]: value }),
      'posts',
    );
    // every entry but the one holding NUL (a 400) is stored in at least all fields but one
    expect(stored).toBeGreaterThanOrEqual(INJECTIONS.filter((s) => !s.includes('\u0000')).length * (fields.length - 1));
    for (const inj of INJECTIONS.filter((s) => !s.includes('\u0000'))) {
      const response = await site.admin.post('posts/', { posts: [{ title: 'Tag carrier', tags: [{ name: inj }], authors: [inj] }] });
      const text = await refusedOrOk(response, `tag ${inj}`, [201, 422]);
      if (response.status === 201) expect(JSON.parse(text).posts[0].tags[0].name).toBe(inj.trim());
    }
  });

  it('tags, staff, settings, webhooks and integrations', async () => {
    let stored = 0;
    stored += await roundTrip(
      (json) => site.admin.request('POST', 'tags/', { body: json }),
      async (tag) => (await body(await site.admin.get(`tags/${tag.id}/`))).tags[0],
      ['name', 'description', 'meta_title', 'og_description'],
      (field, value) => (field === 'name' ? { name: `${value}` } : { name: `Tag for ${field} ${Math.random()}`, [field]: value }),
      'tags',
    );
    stored += await roundTrip(
      (json) => site.session.request('PUT', `users/${site.fixtures.editor.id}/`, { body: json }),
      async () => (await body(await site.session.get(`users/${site.fixtures.editor.id}/`))).users[0],
      ['name', 'bio', 'location', 'meta_title'],
      (field, value) => ({ [field]: value }),
      'users',
    );
    stored += await roundTrip(
      (json) => site.admin.request('POST', 'webhooks/', { body: json }),
      async (hook) => hook,
      ['name'],
      (field, value) => ({ event: 'post.added', target_url: `https://hooks.example.com/${Math.random()}`, [field]: value }),
      'webhooks',
    );
    stored += await roundTrip(
      (json) => site.session.request('PUT', `integrations/${site.fixtures.victim.id}/`, { body: json }),
      async () => (await body(await site.session.get(`integrations/${site.fixtures.victim.id}/`))).integrations[0],
      ['name', 'description'],
      (field, value) => ({ [field]: value }),
      'integrations',
    );
    for (const inj of INJECTIONS) {
      for (const key of ['description', 'meta_title', 'title']) {
        const response = await site.session.put('settings/', { settings: [{ key, value: inj }] });
        const text = await refusedOrOk(response, `setting ${key}=${inj}`);
        if (response.status !== 200) continue;
        expect(JSON.parse(text).settings.find((s: { key: string }) => s.key === key).value).toBe(key === 'title' ? inj.trim() : inj);
        stored += 1;
      }
    }
    expect(stored).toBeGreaterThan(INJECTIONS.length * 5);
  });
});

describe('afterwards', () => {
  it('the schema, every table not written to on purpose, and the secrets are as they were', async () => {
    expect(await tables()).toEqual(tablesBefore);
    expect(changedTables(untouchedBefore, await untouched())).toEqual([]);
    expect(await integrityProblems(site.driver)).toEqual({});
    // the owner can still sign in: the password hash was not overwritten by any of it
    const login = await site.session.login('ada@example.com', 'a-long-password-1');
    expect(login.status).toBe(201);
  });
});
