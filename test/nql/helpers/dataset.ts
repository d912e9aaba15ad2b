// Records shared by the SQL tests: the same objects are inserted into PGlite and read by the
// in-memory predicate, so both backends look at identical data.
import { PGlite } from '@electric-sql/pglite';
import type { AccessorMap } from '../../../lib/nql';
import { initial } from '../../../lib/storage/sql/migrations/001-initial';
import { postRelationIds } from '../../../lib/storage/sql/migrations/009-post-relation-ids';

export interface Role {
  id: string;
  name: string;
}

export interface Tag {
  id: string;
  name: string;
  slug: string;
  visibility: string;
  description: string | null;
  created_at: Date;
}

export interface User {
  id: string;
  name: string;
  slug: string;
  email: string;
  location: string | null;
  last_seen: Date | null;
  roles: Role[];
}

export interface Post {
  id: string;
  uuid: string;
  title: string;
  slug: string;
  status: string;
  visibility: string;
  type: string;
  featured: boolean;
  feature_image: string | null;
  custom_excerpt: string | null;
  reading_time: number;
  published_at: Date | null;
  created_at: Date;
  updated_at: Date;
  tags: Tag[];
  authors: User[];
}

export interface Dataset {
  roles: Role[];
  tags: Tag[];
  users: User[];
  posts: Post[];
}

export const ROLES: Role[] = ['Administrator', 'Editor', 'Author', 'Contributor'].map((name, i) => ({ id: hexId(900 + i), name }));

export function hexId(n: number): string {
  return n.toString(16).padStart(24, '0');
}

export async function createDatabase(data: Dataset): Promise<PGlite> {
  const db = await PGlite.create();
  await db.exec(initial);
  await insert(db, data);
  // the migration that mirrors links into arrays on each post, run over the links: its backfill is what
  // gives the filters' array form its data here
  await db.exec(postRelationIds);
  return db;
}

async function insert(db: PGlite, data: Dataset): Promise<void> {
  const stamp = '2020-01-01T00:00:00.000Z';
  const iso = (date: Date | null) => date?.toISOString() ?? null;
  const rows: Record<string, object[]> = {
    roles: data.roles.map((r) => ({ ...r, created_at: stamp, updated_at: stamp })),
    tags: data.tags.map((t) => ({ ...t, created_at: iso(t.created_at), updated_at: iso(t.created_at) })),
    users: data.users.map(({ roles: _roles, ...u }) => ({
      ...u,
      password_hash: 'x',
      last_seen: iso(u.last_seen),
      created_at: stamp,
      updated_at: stamp,
    })),
    roles_users: data.users.flatMap((u) => u.roles.map((r) => ({ role_id: r.id, user_id: u.id }))),
    posts: data.posts.map(({ tags, authors, ...p }) => ({
      ...p,
      published_at: iso(p.published_at),
      created_at: iso(p.created_at),
      updated_at: iso(p.updated_at),
      created_by: authors[0]?.id ?? hexId(0),
      updated_by: authors[0]?.id ?? hexId(0),
      primary_tag_id: tags[0]?.id ?? null,
      primary_author_id: authors[0]?.id ?? null,
    })),
    posts_tags: data.posts.flatMap((p) => p.tags.map((t, i) => ({ post_id: p.id, tag_id: t.id, sort_order: i }))),
    posts_authors: data.posts.flatMap((p) => p.authors.map((a, i) => ({ post_id: p.id, author_id: a.id, sort_order: i }))),
  };
  // one statement per table; the columns not listed take their defaults
  for (const [table, list] of Object.entries(rows)) {
    const columns = Object.keys(list[0] ?? {}).join(', ');
    if (columns === '') continue;
    await db.query(`INSERT INTO ${table} (${columns}) SELECT ${columns} FROM json_populate_recordset(null::${table}, $1)`, [JSON.stringify(list)]);
  }
}

/** A digest of every table's content, to prove that no filter changed anything. */
export async function checksum(db: PGlite): Promise<string> {
  const tables = ['roles', 'users', 'roles_users', 'tags', 'posts', 'posts_tags', 'posts_authors', 'settings'];
  const parts: string[] = [];
  for (const table of tables) {
    const { rows } = await db.query<{ digest: string | null; n: number }>(
      `SELECT md5(string_agg(x::text, '|' ORDER BY x::text)) AS digest, count(*)::int AS n FROM ${table} x`,
    );
    parts.push(`${table}:${rows[0].n}:${rows[0].digest}`);
  }
  const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public'`);
  return `${parts.join(',')};tables=${rows[0].n}`;
}

/** How the in-memory predicate reads a Post: mirrors postFields in lib/storage/sql/filter-fields.ts. */
export const postAccessors: AccessorMap<Post> = {
  fields: {
    id: { type: 'string', get: (p) => p.id },
    uuid: { type: 'string', get: (p) => p.uuid },
    title: { type: 'string', get: (p) => p.title },
    slug: { type: 'string', get: (p) => p.slug },
    status: { type: 'string', get: (p) => p.status },
    visibility: { type: 'string', get: (p) => p.visibility },
    type: { type: 'string', get: (p) => p.type },
    feature_image: { type: 'string', get: (p) => p.feature_image },
    custom_excerpt: { type: 'string', get: (p) => p.custom_excerpt },
    meta_title: { type: 'string', get: () => null },
    featured: { type: 'boolean', get: (p) => p.featured },
    page: { type: 'boolean', get: (p) => p.type === 'page' },
    reading_time: { type: 'number', get: (p) => p.reading_time },
    published_at: { type: 'date', get: (p) => p.published_at },
    created_at: { type: 'date', get: (p) => p.created_at },
    updated_at: { type: 'date', get: (p) => p.updated_at },
    'tags.id': { type: 'string', many: true, get: (p) => p.tags.map((t) => t.id) },
    'tags.slug': { type: 'string', many: true, get: (p) => p.tags.map((t) => t.slug) },
    'tags.name': { type: 'string', many: true, get: (p) => p.tags.map((t) => t.name) },
    'tags.visibility': { type: 'string', many: true, get: (p) => p.tags.map((t) => t.visibility) },
    'authors.id': { type: 'string', many: true, get: (p) => p.authors.map((a) => a.id) },
    'authors.slug': { type: 'string', many: true, get: (p) => p.authors.map((a) => a.slug) },
    'authors.name': { type: 'string', many: true, get: (p) => p.authors.map((a) => a.name) },
    'authors.email': { type: 'string', many: true, get: (p) => p.authors.map((a) => a.email) },
    primary_tag: { type: 'string', get: (p) => (p.tags[0]?.visibility === 'public' ? p.tags[0].slug : null) },
    primary_author: { type: 'string', get: (p) => p.authors[0]?.slug ?? null },
  },
  aliases: { tag: 'tags.slug', tags: 'tags.slug', author: 'authors.slug', authors: 'authors.slug' },
};
