// Ghost import and export at 10k posts (issue 26): a generated Ghost export of N posts with ~4 KB
// bodies, 50 tags and 10 authors, imported from the file into an empty in-memory site and exported
// again to a file, in a fresh process (bench/migrate-child.ts) on a data directory as the CLI runs, with
// peak RSS growth against the file size and the CPU time beside the wall time (the machine is shared).
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { htmlToPlaintext, renderMobiledoc } from '../lib/content';
import { runChild } from './child';
import type { BenchContext } from './context';

const WORDS =
  'the of and to in is that for it as was with be by on not he this are or his from at which but have an they you were her she there one all we their been has when who will more no if out so said what up its about into than them can only other new some could time these two may then do first any like my now over such our man me even most made after also did many before must through back years where much your way well down should because each just those people how too little state good very make world still own see men work long get here between both life being under never day same another know while last might us great old year off come since against go came right used take three'.split(
    ' ',
  );

function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}

function paragraph(next: () => number, words: number): string {
  const out: string[] = [];
  for (let i = 0; i < words; i++) out.push(WORDS[Math.floor(next() * WORDS.length)]);
  return `${out.join(' ')}.`;
}

const id = (prefix: string, n: number) => `${prefix}${n.toString(16).padStart(24 - prefix.length, '0')}`;
const date = (n: number) => new Date(Date.UTC(2020, 0, 1) + n * 3_600_000).toISOString().replace('T', ' ').slice(0, 19);

/** Writes a Ghost export of `posts` posts; returns its size in bytes. */
export async function writeExport(file: string, posts: number): Promise<number> {
  const out = createWriteStream(file);
  const write = async (text: string) => {
    if (!out.write(text)) await once(out, 'drain');
  };
  const next = random(26);
  const users = Array.from({ length: 10 }, (_, i) => ({
    id: id('a0', i + 1),
    name: `Author ${i}`,
    slug: `author-${i}`,
    email: `author${i}@example.com`,
    status: 'active',
    created_at: date(0),
    updated_at: date(0),
  }));
  const tags = Array.from({ length: 50 }, (_, i) => ({
    id: id('b0', i + 1),
    name: `Tag ${i}`,
    slug: `tag-${i}`,
    visibility: 'public',
    created_at: date(0),
    updated_at: date(0),
  }));
  await write(`{"db":[{"meta":{"exported_on":${Date.now()},"version":"5.130.0"},"data":{"posts":[`);
  const links: string[] = [];
  const authorsOf: string[] = [];
  for (let n = 0; n < posts; n++) {
    // ~4 KB of text in eight paragraphs, with a heading and a link, as mobiledoc and its html
    const sections: unknown[] = [[1, 'h2', [[0, [], 0, paragraph(next, 6)]]]];
    for (let p = 0; p < 8; p++)
      sections.push([
        1,
        'p',
        [
          [0, [], 0, paragraph(next, 80)],
          [0, [0], 1, ' a link'],
        ],
      ]);
    const mobiledoc = { version: '0.3.1', atoms: [], cards: [], markups: [['a', ['href', 'https://example.com']]], sections };
    const html = renderMobiledoc(mobiledoc as never);
    const postId = id('c0', n + 1);
    const post = {
      id: postId,
      uuid: `00000000-0000-4000-8000-${(n + 1).toString(16).padStart(12, '0')}`,
      title: paragraph(next, 5),
      slug: `post-${n}`,
      mobiledoc: JSON.stringify(mobiledoc),
      lexical: null,
      html,
      plaintext: htmlToPlaintext(html),
      comment_id: postId,
      feature_image: `__GHOST_URL__/content/images/2024/01/${n}.jpg`,
      featured: n % 10 === 0 ? 1 : 0,
      type: 'post',
      status: n % 20 === 0 ? 'draft' : 'published',
      visibility: 'public',
      created_at: date(n),
      updated_at: date(n),
      published_at: n % 20 === 0 ? null : date(n),
      created_by: users[0].id,
      updated_by: users[0].id,
      published_by: users[0].id,
      custom_excerpt: null,
      codeinjection_head: null,
      codeinjection_foot: null,
      custom_template: null,
      canonical_url: null,
    };
    await write(`${n ? ',' : ''}${JSON.stringify(post)}`);
    for (let t = 0; t < 3; t++) links.push(JSON.stringify({ id: id('d', n * 3 + t), post_id: postId, tag_id: tags[(n + t * 7) % 50].id, sort_order: t }));
    authorsOf.push(JSON.stringify({ id: id('e', n), post_id: postId, author_id: users[n % 10].id, sort_order: 0 }));
  }
  await write(`],"posts_tags":[${links.join(',')}],"posts_authors":[${authorsOf.join(',')}],"tags":${JSON.stringify(tags)},"users":${JSON.stringify(users)},`);
  await write(
    `"roles":[{"id":"r1","name":"Author"}],"roles_users":${JSON.stringify(users.map((u, i) => ({ id: `ru${i}`, role_id: 'r1', user_id: u.id })))},"settings":[]}}]}`,
  );
  out.end();
  await once(out, 'finish');
  return (await stat(file)).size;
}

export interface MigrateFigures {
  importMs: number;
  exportMs: number;
  /** CPU time of the process (all threads, PGlite's included): what the figures would be on an idle machine, roughly. */
  importCpuMs: number;
  exportCpuMs: number;
  importPeakGrowth: number;
  exportPeakGrowth: number;
  imported: number;
  exportedBytes: number;
}

export async function migrateSection(ctx: BenchContext): Promise<void> {
  const section = 'migrate';
  const posts = ctx.settings.quick ? 1_000 : 10_000;
  const dir = await mkdtemp(join(tmpdir(), 'pressroom-migrate-'));
  try {
    const file = join(dir, 'ghost.json');
    const bytes = await writeExport(file, posts);
    const { result } = await runChild<MigrateFigures>('migrate-child.ts', [file, join(dir, 'out.json'), join(dir, 'data')], ['--expose-gc']);
    const mb = (n: number) => n / 1024 / 1024;
    ctx.report.add({
      section,
      name: `import ${posts} posts (${mb(bytes).toFixed(0)} MB file)`,
      value: result.importMs,
      unit: 'ms',
      target: { of: 'value', op: '<=', limit: posts === 10_000 ? 10_000 : 1_000 },
      note: `${Math.round(result.importCpuMs)} ms CPU`,
      detail: { imported: result.imported, cpuMs: result.importCpuMs },
    });
    ctx.report.add({
      section,
      name: `export ${posts} posts`,
      value: result.exportMs,
      unit: 'ms',
      target: { of: 'value', op: '<=', limit: posts === 10_000 ? 5_000 : 500 },
      note: `${Math.round(result.exportCpuMs)} ms CPU`,
      detail: { bytes: result.exportedBytes, cpuMs: result.exportCpuMs },
    });
    ctx.report.add({
      section,
      name: 'import peak RSS growth',
      value: mb(result.importPeakGrowth),
      unit: 'MB',
      baseline: mb(bytes),
      baselineName: 'MB file',
      target: { of: 'ratio', op: '<=', limit: 2 },
    });
    ctx.report.add({
      section,
      name: 'export peak RSS growth',
      value: mb(result.exportPeakGrowth),
      unit: 'MB',
      baseline: mb(result.exportedBytes),
      baselineName: 'MB file',
      target: { of: 'ratio', op: '<=', limit: 2 },
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
