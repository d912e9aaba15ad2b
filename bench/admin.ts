// Section 5: Admin API writes in-process on PGlite in memory, one after another, each with a freshly
// signed token; against raw driver inserts of the same rows.
import type { Service } from '../lib';
import type { SqlDriver } from '../lib/storage/sql/driver';
import type { BenchContext } from './context';
import { BASE } from './dataset';
import { timeLoop } from './measure';
import { bodies, htmlDocument } from './text';
import { adminTokens } from './token';

const ADMIN = `${BASE}/svc/api/v3/admin`;

interface Written {
  id: string;
  updated_at: string;
}

/** Admin API calls through `service.fetch`, each with a freshly signed token; the first post (or page) of the answer. */
export function adminClient(service: Service, adminKey: string) {
  const token = adminTokens(adminKey);
  return async (method: string, path: string, body: unknown, expected: number): Promise<Written> => {
    const response = await service.fetch(
      new Request(`${ADMIN}/${path}`, {
        method,
        headers: { authorization: `Svc ${await token()}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );
    const json = (await response.json()) as { posts?: Written[]; pages?: Written[] };
    const written = json.posts ?? json.pages;
    if (response.status !== expected || !written) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(json).slice(0, 300)}`);
    return written[0];
  };
}

/** The least a post insert costs: the same rows written straight through the driver, one transaction per post. */
async function rawInsert(db: SqlDriver, n: number, tagIds: string[], authorId: string, body: ReturnType<typeof bodies>[number]) {
  const id = `7d${n.toString(16).padStart(22, '0')}`;
  const now = new Date();
  await db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO posts (id, uuid, type, title, slug, mobiledoc, html, plaintext, comment_id, status, reading_time,
         primary_tag_id, primary_author_id, created_at, created_by, updated_at, updated_by, published_at, published_by,
         tag_ids, author_ids)
       VALUES ($1, $2, 'post', $3, $4, $5, $6, $7, $1, 'published', 1, $8, $9, $10, $9, $10, $9, $10, $9, $11, $12)`,
      [id, crypto.randomUUID(), `Raw ${n}`, `raw-${n}`, body.mobiledoc, body.html, body.plaintext, tagIds[0], authorId, now, tagIds, [authorId]],
    );
    await tx.query('INSERT INTO posts_tags (post_id, tag_id, sort_order) VALUES ($1, $2, 0), ($1, $3, 1), ($1, $4, 2)', [id, ...tagIds]);
    await tx.query('INSERT INTO posts_authors (post_id, author_id, sort_order) VALUES ($1, $2, 0)', [id, authorId]);
  });
}

/** Rounds of each kind in `recordingCost`, and writes of each kind per round. */
const RECORDING_ROUNDS = 12;
const RECORDING_CALLS = 50;

/**
 * What recording a write's change in the database (the triggers of migrations/014 and 015) costs
 * `POST posts/` and `PUT posts/{id}/`: the same writes with the posts triggers on and off, in
 * alternating rounds on one site in one process, so that the machine's drift, which moves one
 * process's figures against another's by up to 2×, falls on both alike. Each round's ratio is taken;
 * the median is reported. Last in the section: the posts written with the triggers off are not
 * announced, and the triggers are on again afterwards.
 */
async function recordingCost(ctx: BenchContext, db: SqlDriver, send: ReturnType<typeof adminClient>, post: Record<string, unknown>): Promise<void> {
  const ratios = { post: [] as number[], put: [] as number[] };
  const mean = { on: { post: 0, put: 0 }, off: { post: 0, put: 0 } };
  let n = 0;
  try {
    for (let round = 0; round < RECORDING_ROUNDS; round++) {
      const perRound = { on: { post: 0, put: 0 }, off: { post: 0, put: 0 } };
      // which goes first swaps each round, so drift within a round favours neither
      for (const mode of round % 2 === 0 ? (['on', 'off'] as const) : (['off', 'on'] as const)) {
        await db.exec(`ALTER TABLE posts ${mode === 'on' ? 'ENABLE' : 'DISABLE'} TRIGGER USER`);
        const written: Written[] = [];
        const add = await timeLoop(
          async () => {
            written.push(await send('POST', 'posts/', { posts: [{ ...post, title: `Recorded ${n++}` }] }, 201));
          },
          { seconds: 0, minCalls: RECORDING_CALLS, warmup: 3 },
        );
        const edit = await timeLoop(
          async (i) => {
            const k = i % written.length;
            written[k] = await send('PUT', `posts/${written[k].id}/`, { posts: [{ title: `Re-recorded ${n++}`, updated_at: written[k].updated_at }] }, 200);
          },
          { seconds: 0, minCalls: RECORDING_CALLS, warmup: 3 },
        );
        perRound[mode] = { post: add.perSecond, put: edit.perSecond };
        mean[mode].post += add.perSecond / RECORDING_ROUNDS;
        mean[mode].put += edit.perSecond / RECORDING_ROUNDS;
      }
      ratios.post.push(perRound.on.post / perRound.off.post);
      ratios.put.push(perRound.on.put / perRound.off.put);
    }
  } finally {
    await db.exec('ALTER TABLE posts ENABLE TRIGGER USER');
  }
  for (const kind of ['post', 'put'] as const) {
    const sorted = ratios[kind].sort((a, b) => a - b);
    ctx.report.add({
      section: 'admin',
      name: `${kind === 'post' ? 'POST posts/' : 'PUT posts/{id}/ (title)'} recording its change, ${RECORDING_ROUNDS} alternating rounds`,
      value: mean.on[kind],
      unit: 'posts/s',
      baseline: mean.off[kind],
      baselineName: 'with the posts triggers off',
      ratio: sorted[Math.floor(sorted.length / 2)],
      note: "median of the rounds' ratios",
      detail: { roundRatios: sorted.map((r) => Number(r.toFixed(3))) },
    });
  }
}

export async function adminSection(ctx: BenchContext): Promise<void> {
  const { settings, report } = ctx;
  const site = await ctx.site(settings.size);
  const service = await site.another();
  const send = adminClient(service, site.adminKey);
  const body = bodies()[0];
  const tags = site.tagSlugs.slice(0, 3).map((slug) => ({ slug }));
  const loop = { seconds: settings.loopSeconds, minCalls: 30, warmup: 5 };
  const section = 'admin';
  try {
    const { rows } = await site.driver.query<{ id: string }>(`SELECT id FROM tags WHERE slug = ANY($1::text[]) ORDER BY slug`, [tags.map((t) => t.slug)]);
    const { rows: owner } = await site.driver.query<{ id: string }>(`SELECT user_id AS id FROM roles_users WHERE role_id = '5f0000000000000000000001'`);
    const raw = await timeLoop(
      (i) =>
        rawInsert(
          site.driver,
          i,
          rows.map((r) => r.id),
          owner[0].id,
          body,
        ),
      loop,
    );

    const written: Written[] = [];
    const add = await timeLoop(async (i) => {
      written.push(await send('POST', 'posts/', { posts: [{ title: `Bench post ${i}`, mobiledoc: body.mobiledoc, status: 'published', tags }] }, 201));
    }, loop);
    report.add({
      section,
      name: 'POST posts/ with 3 tags (token signed per request)',
      value: add.perSecond,
      unit: 'posts/s',
      baseline: raw.perSecond,
      baselineName: 'raw inserts/s',
      target: { of: 'value', op: '>=', limit: 300 },
      detail: { p50Ms: add.p50, p99Ms: add.p99, rawP50Ms: raw.p50 },
    });

    const edit = await timeLoop(async (i) => {
      const post = written[i % written.length];
      const after = await send(
        'PUT',
        `posts/${post.id}/`,
        { posts: [{ title: `Edited ${i}`, mobiledoc: bodies()[1 + (i % 4)].mobiledoc, updated_at: post.updated_at }] },
        200,
      );
      written[i % written.length] = after;
    }, loop);
    report.add({
      section,
      name: 'PUT posts/{id}/ (title and mobiledoc)',
      value: edit.perSecond,
      unit: 'posts/s',
      detail: { p50Ms: edit.p50, p99Ms: edit.p99 },
    });

    const html = htmlDocument(20 * 1024);
    const fromHtml = await timeLoop(
      (i) => send('POST', 'posts/?source=html', { posts: [{ title: `From HTML ${i}`, html, status: 'published', tags }] }, 201),
      loop,
    );
    report.add({
      section,
      name: 'POST posts/?source=html, 20 KB of HTML',
      value: fromHtml.perSecond,
      unit: 'posts/s',
      baseline: add.perSecond,
      baselineName: 'posts/s from mobiledoc',
      detail: { p50Ms: fromHtml.p50, p99Ms: fromHtml.p99 },
    });

    await recordingCost(ctx, site.driver, send, { mobiledoc: body.mobiledoc, status: 'published', tags });
  } finally {
    await service.close();
  }
}
