// One deterministic case for each defect the robustness suite found, so that none comes back unnoticed
// even when the generated runs happen not to hit it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgliteDriver } from '../../lib/storage/pglite/storage';
import { ConcurrentChangeError, type SqlDriver } from '../../lib/storage/sql/driver';
import { createSqlStorage } from '../../lib/storage/sql/sql-storage';
import { adminToken, BASE, body } from '../helpers/service';
import { changedTables, checksum, expectRefused } from './helpers';
import { robustSite, type RobustSite } from './site';

let site: RobustSite;
beforeAll(async () => {
  site = await robustSite();
}, 60_000);
afterAll(() => site?.close());

/** Runs a request that must be refused with `status` and must leave every table as it was. */
async function refusedWithoutChange(send: () => Promise<Response>, status: number): Promise<Record<string, any>> {
  const before = await checksum(site.driver);
  const error = await expectRefused(await send(), site.secrets, status);
  expect(changedTables(before, await checksum(site.driver))).toEqual([]);
  return error;
}

describe('NUL characters, which PostgreSQL text cannot hold', () => {
  it('%00 in a slug, an id or a filter is a 400, not a 500', async () => {
    for (const path of ['posts/slug/%00/', 'posts/slug/a%00b/', 'tags/slug/%00/', `posts/?filter=slug:%27a%00%27`, 'authors/?filter=name:%00']) {
      await expectRefused(
        await site.service.fetch(new Request(`${BASE}/svc/api/v3/content/${path}${path.includes('?') ? '&' : '?'}key=${site.contentKey}`)),
        site.secrets,
        400,
      );
    }
    await expectRefused(await site.admin.get('posts/slug/%00/'), site.secrets, 400);
  });

  it('\\u0000 in any string of a JSON body is a 400 and nothing is written', async () => {
    await refusedWithoutChange(() => site.admin.post('posts/', { posts: [{ title: 'a\u0000b' }] }), 400);
    await refusedWithoutChange(() => site.admin.post('tags/', { tags: [{ name: 'ok', description: '\u0000' }] }), 400);
    await refusedWithoutChange(() => site.session.put('settings/', { settings: [{ key: 'title', value: 'x\u0000' }] }), 400);
    await refusedWithoutChange(() => site.admin.request('POST', 'posts/', { body: '{"posts":[{"title":"ok","\\u0000":1}]}' }), 400);
  });

  it('an escaped \\u0000 inside the mobiledoc string is a 422 naming mobiledoc', async () => {
    const mobiledoc = JSON.stringify({ version: '0.3.1', atoms: [], cards: [], markups: [], sections: [[1, 'p', [[0, [], 0, 'a\u0000b']]]] });
    const error = await refusedWithoutChange(() => site.admin.post('posts/', { posts: [{ title: 'NUL inside', mobiledoc }] }), 422);
    expect(error.property).toBe('mobiledoc');
    // the same text with a visible backslash-u is just text
    const fine = await site.admin.post('posts/', { posts: [{ title: 'Escaped text', mobiledoc: mobiledoc.replace('\\u0000', '\\\\u0000') }] });
    expect(fine.status).toBe(201);
  });
});

describe('query options of a write are checked before it runs', () => {
  it('an invalid formats on an edit is a 422 and the edit did not happen', async () => {
    const tag = site.fixtures.tag;
    await refusedWithoutChange(() => site.admin.put(`tags/${tag.id}/?formats=bogus`, { tags: [{ description: 'changed' }] }), 422);
    const post = (await body(await site.admin.get(`posts/${site.fixtures.post.id}/`))).posts[0];
    await refusedWithoutChange(() => site.admin.put(`posts/${post.id}/?formats=nope`, { posts: [{ title: 'Changed', updated_at: post.updated_at }] }), 422);
    await refusedWithoutChange(() => site.admin.post('posts/?formats=html&formats=html', { posts: [{ title: 'Twice' }] }), 400);
    await refusedWithoutChange(() => site.session.post('integrations/?fields=a&fields=b', { integrations: [{ name: 'Never' }] }), 400);
    await refusedWithoutChange(
      () =>
        site.session.post('users/?include=x&include=y', { users: [{ name: 'N', email: 'n@example.com', password: 'long-enough-pass', roles: ['Author'] }] }),
      400,
    );
  });
});

describe('formats=lexical on a write, which v5 takes on every route', () => {
  it('is refused before a v3 edit runs, and on v5 a tag edit takes it and answers once written', async () => {
    // the check before a write took lexical on v5 while the tags route refused it after writing: a 422
    // for a tag that had changed (found by the fuzz, seed 1971763088)
    const tag = site.fixtures.tag;
    await refusedWithoutChange(() => site.admin.put(`tags/${tag.id}/?formats=html,lexical`, { tags: [{ description: 'Never' }] }), 422);
    // the unversioned root, with the audience the reference's SDKs from 5.0 sign
    const v5 = async (method: string, path: string, json?: unknown) =>
      site.service.fetch(
        new Request(site.adminUrl(path, 'v5'), {
          method,
          headers: { authorization: `Svc ${await adminToken(site.adminKey, { aud: '/admin/' })}`, 'content-type': 'application/json' },
          body: json === undefined ? undefined : JSON.stringify(json),
        }),
      );
    const edited = await v5('PUT', `tags/${tag.id}/?formats=html,plaintext,mobiledoc,lexical`, { tags: [{ description: 'Lexical asked for' }] });
    expect(edited.status).toBe(200);
    expect((await body(edited)).tags[0].description).toBe('Lexical asked for');
    expect((await body(await v5('GET', `tags/${tag.id}/?formats=lexical`))).tags[0].description).toBe('Lexical asked for');
  });
});

describe('values PostgreSQL cannot hold', () => {
  it('a date in year 0 is a 422, not a 500', async () => {
    for (const published_at of ['0000-01-01T00:00:00Z', '0001-01-01T00:30:00+01:00']) {
      await refusedWithoutChange(() => site.admin.post('posts/', { posts: [{ title: 'Year zero', status: 'published', published_at }] }), 422);
    }
  });

  it('limit × page past what bigint holds is an empty page, not a 500', async () => {
    for (const path of ['posts/', 'pages/', 'tags/', 'authors/']) {
      const response = await site.service.fetch(
        new Request(`${BASE}/svc/api/v3/content/${path}?key=${site.contentKey}&limit=999999999999999&page=999999999999999`),
      );
      expect(response.status).toBe(200);
      expect((await body(response))[path.replace('/', '')]).toEqual([]);
    }
    expect((await site.session.get('integrations/?limit=999999999999999&page=999999999999999')).status).toBe(200);
  });
});

describe('requests that break off', () => {
  it('a body stream that fails halfway (the client went away) is a 400, not a 500', async () => {
    for (const path of ['posts/', 'session/', 'images/upload/']) {
      let sent = 0;
      const stream = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent++ < 2) controller.enqueue(new TextEncoder().encode('{"posts":[{"title":'));
          else controller.error(new Error('aborted'));
        },
      });
      const contentType = path === 'images/upload/' ? 'multipart/form-data; boundary=x' : 'application/json';
      const request = new Request(site.adminUrl(path), {
        method: 'POST',
        body: stream,
        duplex: 'half',
        headers: { 'content-type': contentType, cookie: site.session.cookie!, origin: 'https://admin.example.com' },
      } as RequestInit);
      await expectRefused(await site.service.fetch(request), site.secrets, 400);
    }
  });
});

describe('transactions that lose a race are run again', () => {
  let driver: SqlDriver;
  beforeAll(async () => {
    driver = await createPgliteDriver();
  });
  afterAll(() => driver?.close());

  /** A driver whose first `failures` transactions fail the way PostgreSQL fails a racing writer. */
  function racing(failures: unknown[]): SqlDriver {
    let n = 0;
    return {
      ...driver,
      query: (sql, params) => driver.query(sql, params),
      transaction: (work) =>
        driver.transaction(async (tx) => {
          const result = await work(tx);
          if (n < failures.length) throw failures[n++];
          return result;
        }),
    };
  }

  it('a unique or foreign-key violation, a serialization failure, a deadlock or a vanished row: retried, then it succeeds', async () => {
    const errors = [
      Object.assign(new Error('duplicate key'), { code: '23505' }),
      Object.assign(new Error('fk'), { code: '23503' }),
      Object.assign(new Error('serialization'), { code: '40001' }),
      new ConcurrentChangeError('tag vanished'),
    ];
    const storage = createSqlStorage(racing(errors));
    let runs = 0;
    const result = await storage.transaction(async () => {
      runs += 1;
      return 'done';
    });
    expect(result).toBe('done');
    expect(runs).toBe(5);
  });

  it('any other error is not retried, and a conflict that keeps happening surfaces after a bounded number of runs', async () => {
    let runs = 0;
    await expect(createSqlStorage(racing([new Error('bug')])).transaction(async () => void runs++)).rejects.toThrow('bug');
    expect(runs).toBe(1);
    runs = 0;
    const always = Array.from({ length: 50 }, () => Object.assign(new Error('deadlock'), { code: '40P01' }));
    await expect(createSqlStorage(racing(always)).transaction(async () => void runs++)).rejects.toThrow('deadlock');
    expect(runs).toBeLessThan(10);
  });

  it('a row removed under an update is reported as a concurrent change, not a plain error', async () => {
    const storage = createSqlStorage(driver);
    await expect(storage.tags.update('000000000000000000000000', { name: 'gone' })).rejects.toBeInstanceOf(ConcurrentChangeError);
  });
});

describe('admin tokens', () => {
  it('critical header parameters are refused even on a correctly signed token', async () => {
    const { createHmac } = await import('node:crypto');
    const [kid, secret] = site.adminKey.split(':');
    const part = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
    const iat = Math.floor(Date.now() / 1000);
    const input = `${part({ alg: 'HS256', kid, b64: false, crit: ['b64'] })}.${part({ iat, exp: iat + 300, aud: '/v3/admin/' })}`;
    const token = `${input}.${createHmac('sha256', Buffer.from(secret, 'hex')).update(input).digest('base64url')}`;
    await expectRefused(await site.service.fetch(new Request(site.adminUrl('posts/'), { headers: { authorization: `Svc ${token}` } })), site.secrets, 401);
  });
});
