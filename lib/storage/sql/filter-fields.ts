import type { FieldDef, FieldMap, FieldRelation, FieldType } from '../../nql';
import { POST_FIELDS } from '../../resources/posts/fields';
import { TAG_FIELDS } from '../../resources/tags/fields';
import { USER_FIELDS } from '../../resources/users/fields';
import { shown, type FieldSpec, type SqlType } from '../../resources/shared/fields';

// What the filter parameter may name, per resource, and how each name reads in SQL over the
// schema of migrations/001-initial.ts. Outer tables are aliased `p` (posts), `t` (tags) and
// `u` (users); relation subqueries are uncorrelated and use their own aliases.

const column = (sql: string, type: FieldType = 'string'): FieldDef => ({ sql, type });
const related = (relation: FieldRelation, sql: string, type: FieldType = 'string'): FieldDef => ({ sql, type, relation });

const FILTER_TYPES: Record<SqlType, FieldType> = { text: 'string', uuid: 'string', boolean: 'boolean', integer: 'number', timestamptz: 'date' };

/** The columns a record's field table (lib/resources/<name>/fields.ts) marks `filter`, under their names. */
function columnsOf(alias: string, fields: readonly FieldSpec[]): Record<string, FieldDef> {
  const out: Record<string, FieldDef> = {};
  for (const field of fields) {
    if (!field.filter || !field.sql) continue;
    // a uuid column has no text operators (~, LIKE): filters compare its text
    out[field.name] = column(field.sql === 'uuid' ? `${alias}.${field.name}::text` : `${alias}.${field.name}`, FILTER_TYPES[field.sql]);
  }
  return out;
}

const postTags: FieldRelation = {
  key: 'p.id',
  from: 'posts_tags pt JOIN tags t ON t.id = pt.tag_id',
  link: 'pt.post_id',
  ids: { column: 'p.tag_ids', target: 'tags t', id: 't.id' },
};
const postAuthors: FieldRelation = {
  key: 'p.id',
  from: 'posts_authors pa JOIN users a ON a.id = pa.author_id',
  link: 'pa.post_id',
  ids: { column: 'p.author_ids', target: 'users a', id: 'a.id' },
};

export const postFields: FieldMap = {
  fields: {
    ...columnsOf('p', POST_FIELDS),
    page: column(`p.type = 'page'`, 'boolean'),
    'tags.id': related(postTags, 't.id'),
    'tags.slug': related(postTags, 't.slug'),
    'tags.name': related(postTags, 't.name'),
    'tags.visibility': related(postTags, 't.visibility'),
    'authors.id': related(postAuthors, 'a.id'),
    'authors.slug': related(postAuthors, 'a.slug'),
    'authors.name': related(postAuthors, 'a.name'),
    'authors.email': related(postAuthors, 'a.email'),
    // reference-behaviour §6: the primary tag is the first tag, and only when it is public
    primary_tag: {
      sql: 'ptag.slug',
      type: 'string',
      lookup: { key: 'p.primary_tag_id', target: 'tags ptag', id: 'ptag.id', where: `ptag.visibility = 'public'` },
    },
    primary_author: { sql: 'pusr.slug', type: 'string', lookup: { key: 'p.primary_author_id', target: 'users pusr', id: 'pusr.id' } },
  },
  aliases: { tag: 'tags.slug', tags: 'tags.slug', author: 'authors.slug', authors: 'authors.slug' },
};

/** A map without the named properties: filtering on them is refused like any unknown property. */
function without(map: FieldMap, names: readonly string[]): FieldMap {
  return { ...map, fields: Object.fromEntries(Object.entries(map.fields).filter(([name]) => !names.includes(name))) };
}

/**
 * The Content API's post filters: only what it shows, so that no filter probes what it does not
 * (reference-behaviour §8; `status` comparisons are dropped before they get here, `page` stands for `type`).
 */
export const publicPostFields: FieldMap = without(postFields, ['authors.email', 'email_subject', 'type', 'status']);

export interface CountOptions {
  /**
   * The Content API's view: `count.posts` counts published posts (not pages) only, and properties that are not
   * public (emails, staff status, last seen) cannot be filtered on.
   */
  publishedOnly: boolean;
}

const published = (options: CountOptions, alias: string): string =>
  options.publishedOnly ? ` AND ${alias}.status = 'published' AND ${alias}.type = 'post'` : '';

export function tagFields(options: CountOptions): FieldMap {
  return {
    fields: {
      ...columnsOf('t', TAG_FIELDS),
      'count.posts': column(
        `SELECT count(*) FROM posts_tags cpt JOIN posts cp ON cp.id = cpt.post_id WHERE cpt.tag_id = t.id${published(options, 'cp')}`,
        'number',
      ),
    },
    aliases: { parent: 'parent_id' },
  };
}

const userRoles: FieldRelation = { key: 'u.id', from: 'roles_users ru JOIN roles r ON r.id = ru.role_id', link: 'ru.user_id' };

/** What the Content API does not show of an author (lib/resources/users/fields.ts), so cannot filter on. */
const PRIVATE_USER_FIELDS = [...USER_FIELDS.filter((field) => 'filter' in field && !shown(field, 'content', 'v2')).map((field) => field.name), 'roles.name'];

export function userFields(options: CountOptions): FieldMap {
  const map: FieldMap = {
    fields: {
      ...columnsOf('u', USER_FIELDS),
      'count.posts': column(
        `SELECT count(*) FROM posts_authors cpa JOIN posts cp ON cp.id = cpa.post_id WHERE cpa.author_id = u.id${published(options, 'cp')}`,
        'number',
      ),
      'roles.name': related(userRoles, 'r.name'),
    },
    aliases: { role: 'roles.name', roles: 'roles.name' },
  };
  return options.publishedOnly ? without(map, PRIVATE_USER_FIELDS) : map;
}
