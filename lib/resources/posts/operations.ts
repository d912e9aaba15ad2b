import { type ResponsiveImages, sanitizeCaption, slugify } from '../../content';
import { ApiError, notFound, validation } from '../../core/errors';
import type { Actor, AppContext, Version } from '../../core/context';
import type { NqlNode } from '../../nql';
import type {
  OrderClause,
  PageRequest,
  PostBody,
  PostQuery,
  PostSearch,
  PostRelations,
  PublicPostRelations,
  RelationChoice,
  Stores,
} from '../../storage/storage';
import type { PostRow, PostStatus, PostType, PostWrite, TagRow } from '../../storage/rows';
import type { PostState } from '../../events/events';
import { objectId } from '../../util/ids';
import { allows, assertCanWritePost } from '../../auth/permissions';
import { parseDate } from '../shared/dates';
import { parseWith } from '../shared/validate';
import { bodyFromInput, emptyBody, lexicalRenderOptions, readingTimeOf, type BodyOptions } from './body';
import { defaultAuthors, resolveAuthors, resolveTags } from './relations';
import { postInputSchema, unstorableContent, type PostInput } from './schema';
import { takesLexical } from '../../core/context';
import { POST_FIELDS } from './fields';
import type { WriteSpec } from '../shared/fields';
import { recordRevision, type RevisionAuthor, type RevisionIntent } from '../revisions/record';
import type { ResolvedRevisionOptions } from '../revisions/options';

export interface PostWriteContext {
  app: AppContext;
  actor: Actor;
  type: PostType;
  version: Version;
  sourceHtml: boolean;
  /** Sizes of the body's images, gathered before the write (see imagesOfInput). */
  images?: ResponsiveImages;
  /** What kind of save this is for revisions (lib/resources/revisions); absent → an autosave. */
  revision?: RevisionIntent;
}

/** What a write did, with relations on both sides: for the response and for the events it fires. */
export interface PostChange {
  before: PostState | null;
  after: PostState | null;
  /** Tags the write created because the post named tags that did not exist (they fire `tag.added`). */
  createdTags?: TagRow[];
}

async function stateOf(tx: Stores, row: PostRow): Promise<PostState> {
  const relations = await tx.posts.relations([row.id], { tags: true, authors: true });
  return { row, tags: relations.tags.get(row.id) ?? [], authors: relations.authors.get(row.id) ?? [] };
}

const ids = (rows: { id: string }[]) => rows.map((row) => row.id);
const label = (type: PostType) => (type === 'page' ? 'Page' : 'Post');
const root = (type: PostType) => (type === 'page' ? 'pages' : 'posts');

type CopiedField = Extract<(typeof POST_FIELDS)[number], { write: { copied: true } }>;
type Scalar = CopiedField['name'] & keyof PostInput & keyof PostRow;

/** Scalar columns a client may change, compared for collisions and copied on writes (fields.ts). */
const SCALARS = POST_FIELDS.filter((field): field is CopiedField => 'write' in field && 'copied' in field.write).map((field) => field.name as Scalar);

/** The copied scalars of a new post: as sent, or the field's default. */
function scalarsOf(input: PostInput): Pick<PostWrite, Scalar> {
  const row: Record<string, unknown> = {};
  for (const field of POST_FIELDS)
    if ('write' in field && 'copied' in field.write) row[field.name] = input[field.name as Scalar] ?? (field.write as WriteSpec).default;
  return row as Pick<PostWrite, Scalar>;
}

function actorId(actor: Actor): string {
  return actor.kind === 'user' ? actor.user.id : actor.integrationId;
}

function revisionAuthor(actor: Actor): RevisionAuthor {
  return { id: actorId(actor), type: actor.kind };
}

function bodyOptions(ctx: PostWriteContext): BodyOptions {
  return {
    sourceHtml: ctx.sourceHtml,
    htmlTo: takesLexical(ctx.version) ? 'lexical' : 'mobiledoc',
    images: ctx.images,
    lexical: lexicalRenderOptions(ctx.app),
  };
}

export function parsePostInput(item: Record<string, unknown>, type: PostType, version: Version): PostInput {
  for (const [field, what] of Object.entries(unstorableContent(version))) {
    if (Object.hasOwn(item, field) && item[field] !== null && item[field] !== undefined) {
      throw validation(`Value in [${root(type)}.${field}] cannot be stored: pressroom does not support ${what}.`, {
        property: field,
        code: 'UNSUPPORTED_CONTENT_FIELD',
        context: 'Nothing was saved. Leave the field out (or null) to save the rest.',
      });
    }
  }
  const input: PostInput = parseWith(postInputSchema(version), item, root(type));
  // html a theme prints as it is: kept through an allow-list, so what is stored is what is shown (README)
  if (typeof input.feature_image_caption === 'string') input.feature_image_caption = sanitizeCaption(input.feature_image_caption);
  if (typeof input.lexical === 'string' && typeof input.mobiledoc === 'string') {
    throw validation(`Value in [${root(type)}.lexical] cannot be saved with a mobiledoc: a ${label(type).toLowerCase()} is written in one format.`, {
      property: 'lexical',
      context: 'Send lexical or mobiledoc, with the other left out or null.',
    });
  }
  return input;
}

function requireTitle(title: string | undefined, type: PostType): string {
  if (title === undefined) throw validation(`Value in [${root(type)}.title] is required.`, { property: 'title' });
  if (title.trim() === '') throw validation(`Value in [${root(type)}.title] cannot be blank.`, { property: 'title' });
  return title;
}

function parsePublishedAt(value: string | null | undefined, type: PostType): Date | null | undefined {
  if (value === undefined || value === null) return value;
  const date = parseDate(value);
  if (!date) throw validation(`Value in [${root(type)}.published_at] is not a valid date.`, { property: 'published_at' });
  return date;
}

/** Status rules of reference-behaviour §6 and the content-model issue: returns published_at to store. */
function publication(status: PostStatus, requested: Date | null | undefined, previous: Date | null, now: Date, type: PostType): Date | null {
  const chosen = requested === undefined ? previous : requested;
  if (status === 'published') return chosen ?? now;
  if (status === 'scheduled') {
    if (!chosen || chosen.getTime() <= now.getTime()) {
      throw validation(`A scheduled ${label(type).toLowerCase()} needs a published_at in the future.`, { property: 'published_at' });
    }
    return chosen;
  }
  return chosen;
}

function mayAddTags(actor: Actor): boolean {
  return allows(actor, { resource: 'tags', action: 'add' });
}

async function slugFor(tx: Stores, text: string, type: PostType, exceptId?: string): Promise<string> {
  // slugify already moves reserved words (rss, amp, …) aside with the type as suffix
  return tx.posts.freeSlug(slugify(text, type) || 'untitled', exceptId);
}

export async function addPost(tx: Stores, ctx: PostWriteContext, input: PostInput): Promise<PostChange> {
  const { type, app, actor } = ctx;
  const title = requireTitle(input.title, type);
  const now = app.now();
  const body = bodyFromInput(input, bodyOptions(ctx)) ?? emptyBody();
  const status = input.status ?? 'draft';
  const publishedAt = publication(status, parsePublishedAt(input.published_at, type), null, now, type);
  const id = objectId(now);
  const customSlug = input.slug !== undefined && slugify(input.slug) !== '';
  // the store moves to the first free `-2`, `-3`… only if this one is taken
  const slug = slugify(customSlug ? (input.slug as string) : title, type) || 'untitled';

  const createdTags: TagRow[] = [];
  const tags = input.tags ? await resolveTags(tx, input.tags, { now, mayCreate: mayAddTags(actor), created: createdTags }) : [];
  const authors = input.authors ? await resolveAuthors(tx, input.authors) : await defaultAuthors(tx, actor);

  const row: PostWrite = {
    ...scalarsOf(input),
    id,
    uuid: crypto.randomUUID(),
    type,
    title,
    slug,
    slug_customised: customSlug,
    mobiledoc: body.mobiledoc,
    lexical: body.lexical,
    html: body.html,
    plaintext: body.plaintext,
    comment_id: id,
    status,
    reading_time: readingTimeOf(body.html, input.feature_image ?? null, body.plaintext),
    created_at: now,
    created_by: actorId(actor),
    updated_at: now,
    updated_by: actorId(actor),
    published_at: publishedAt,
    published_by: status === 'published' ? actorId(actor) : null,
  };
  // what was just resolved is what the post now has: no need to read it back
  const after: PostState = { row: await tx.posts.insert(row, ids(tags), ids(authors)), tags, authors };
  assertCanWritePost(actor, null, after);
  await recordRevision(tx, app.options.revisions, now, revisionAuthor(actor), 'autosave', null, after.row);
  return { before: null, after, createdTags };
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a instanceof Date || b instanceof Date) {
    const ta = a instanceof Date ? a.getTime() : a;
    const tb = b instanceof Date ? b.getTime() : b;
    return ta === tb;
  }
  return (a ?? null) === (b ?? null);
}

export async function editPost(tx: Stores, ctx: PostWriteContext, id: string, input: PostInput): Promise<PostChange> {
  const { type, app, actor } = ctx;
  if (input.updated_at === undefined) {
    throw validation(`Value in [${root(type)}.updated_at] is required: send the updated_at you last read.`, { property: 'updated_at' });
  }
  const clientUpdatedAt = parseDate(input.updated_at);
  if (!clientUpdatedAt) throw validation(`Value in [${root(type)}.updated_at] is not a valid date.`, { property: 'updated_at' });
  if (input.title !== undefined) requireTitle(input.title, type);

  const beforeState = await tx.posts.lockWithRelations(id);
  if (!beforeState || beforeState.row.type !== type) throw notFound(`${label(type)} not found.`);
  const before = beforeState.row;
  assertCanWritePost(actor, beforeState, null);
  const now = app.now();

  const patch: Partial<PostWrite> = {};
  for (const key of SCALARS) {
    const value = input[key];
    if (value !== undefined && !sameValue(value, before[key])) (patch as Record<string, unknown>)[key] = value;
  }
  const rendered = bodyFromInput(input, bodyOptions(ctx), before.lexical === null ? 'mobiledoc' : 'lexical');
  // a body in the other format replaces this one whole: the patch sets both columns, one of them to null
  const body = rendered && (rendered.mobiledoc !== before.mobiledoc || rendered.lexical !== before.lexical) ? rendered : undefined;
  if (body) Object.assign(patch, body);
  // a body sent unchanged is still rendered anew, so posts written before today's renderer (srcset) catch up;
  // that alone is no change of the client's, so it cannot collide with another editor's
  const rerendered = !body && rendered && rendered.html !== before.html ? rendered : undefined;

  const status = input.status ?? before.status;
  const requested = parsePublishedAt(input.published_at, type);
  const publishedAt = publication(status, requested, before.published_at, now, type);
  if (status !== before.status) patch.status = status;
  if (!sameValue(publishedAt, before.published_at)) patch.published_at = publishedAt;
  if (status === 'published' && before.status !== 'published') patch.published_by = actorId(actor);

  if (input.slug !== undefined && slugify(input.slug) !== '' && slugify(input.slug) !== before.slug) {
    patch.slug = await slugFor(tx, input.slug, type, id);
    patch.slug_customised = true;
  } else if (patch.title !== undefined && !before.slug_customised && before.published_at === null && status === 'draft') {
    // a never-published draft follows its title until someone sets the slug by hand
    const slug = await slugFor(tx, patch.title, type, id);
    if (slug !== before.slug) patch.slug = slug;
  }

  // Only a change to the post itself can overwrite someone else's work (reference-behaviour §6).
  if (Object.keys(patch).length > 0 && clientUpdatedAt.getTime() !== before.updated_at.getTime()) {
    throw new ApiError('UpdateCollisionError', `Saving failed! Someone else is editing this ${label(type).toLowerCase()}.`, {
      code: 'UPDATE_COLLISION',
      details: { clientUpdatedAt: clientUpdatedAt.toISOString(), serverUpdatedAt: before.updated_at.toISOString() },
    });
  }
  if (rerendered) Object.assign(patch, { html: rerendered.html, plaintext: rerendered.plaintext });

  const createdTags: TagRow[] = [];
  const tags = input.tags ? await resolveTags(tx, input.tags, { now, mayCreate: mayAddTags(actor), created: createdTags }) : undefined;
  const authors = input.authors ? await resolveAuthors(tx, input.authors) : undefined;
  if (patch.html !== undefined || patch.feature_image !== undefined) {
    // the plaintext of a new body was made with it; a stored one may predate today's rules, so it is not reused
    patch.reading_time = readingTimeOf(
      patch.html ?? before.html,
      patch.feature_image !== undefined ? patch.feature_image : before.feature_image,
      body?.plaintext,
    );
  }
  if (Object.keys(patch).length === 0 && !tags && !authors) {
    // an explicit save of unchanged content still keeps it, unless the newest revision holds it already
    if (ctx.revision === 'explicit') await recordRevision(tx, app.options.revisions, now, revisionAuthor(actor), 'explicit', before, before);
    return { before: beforeState, after: beforeState };
  }

  // strictly later than before, so two edits in one millisecond still collide
  patch.updated_at = new Date(Math.max(now.getTime(), before.updated_at.getTime() + 1));
  patch.updated_by = actorId(actor);
  const after = await tx.posts.update(id, patch, tags && ids(tags), authors && ids(authors), before);
  // relations not given are as they were (the post is locked); given ones are what was just resolved
  const afterState: PostState = { row: after, tags: tags ?? beforeState.tags, authors: authors ?? beforeState.authors };
  assertCanWritePost(actor, null, afterState);
  await recordRevision(tx, app.options.revisions, now, revisionAuthor(actor), ctx.revision ?? 'autosave', before, after);
  return { before: beforeState, after: afterState, createdTags };
}

export async function destroyPost(tx: Stores, type: PostType, id: string, actor: Actor): Promise<PostChange> {
  const beforeState = await tx.posts.lockWithRelations(id);
  if (!beforeState || beforeState.row.type !== type) throw notFound(`${label(type)} not found.`);
  assertCanWritePost(actor, beforeState, null);
  await tx.posts.delete(id);
  return { before: beforeState, after: null };
}

/** Publishes scheduled posts whose time has come, each with a `published` revision by whoever scheduled it; returns what changed. */
export async function publishDue(tx: Stores, now: Date, revisions: ResolvedRevisionOptions, limit = 100): Promise<PostChange[]> {
  const due = await tx.posts.dueScheduled(now, limit);
  const changes: PostChange[] = [];
  for (const before of due) {
    const beforeState = await stateOf(tx, before);
    const after = await tx.posts.update(before.id, {
      status: 'published',
      updated_at: new Date(Math.max(now.getTime(), before.updated_at.getTime() + 1)),
    });
    const scheduler = before.updated_by;
    const type = (await tx.users.findById(scheduler)) ? 'user' : 'integration';
    await recordRevision(tx, revisions, now, { id: scheduler, type }, 'autosave', before, after);
    changes.push({ before: beforeState, after: { ...beforeState, row: after } });
  }
  return changes;
}

export interface PostBrowse {
  type: PostType;
  filter: NqlNode | null;
  order: OrderClause[];
  page: PageRequest;
  publishedOnly: boolean;
  slugOrder: string[] | null;
  /** The body formats the response shows; the others are not read. */
  bodies: readonly PostBody[];
  include: RelationChoice;
  /** Only the posts matching this search (search-query.ts), by relevance unless `order` is given. */
  search?: PostSearch | null;
}

/** A page of posts with their relations: as the Content API shows them when `publishedOnly`. */
export async function browsePosts(
  tx: Stores,
  app: AppContext,
  query: PostBrowse,
): Promise<{ rows: PostRow[]; total: number; relations: PostRelations | PublicPostRelations }> {
  const result = await tx.posts.browse(postQuery(app, query));
  return { ...result, relations: await relationsOf(tx, result.rows, query) };
}

export function postQuery(app: AppContext, query: PostBrowse): PostQuery {
  return {
    type: query.type,
    filter: query.filter,
    order: query.order,
    page: query.page,
    now: app.now(),
    publishedOnly: query.publishedOnly,
    slugOrder: query.slugOrder,
    defaultOrder: query.publishedOnly ? (query.type === 'page' ? 'title' : 'published_at') : 'admin',
    bodies: query.bodies,
    search: query.search,
  };
}

function relationsOf(tx: Stores, rows: PostRow[], query: PostBrowse): Promise<PostRelations | PublicPostRelations> {
  const ids = rows.map((r) => r.id);
  return query.publishedOnly ? tx.posts.publicRelations(ids, query.include) : tx.posts.relations(ids, query.include);
}

/** How many posts a `limit=all` browse reads, renders and sends at a time. */
const STREAM_BATCH = 100;

/**
 * Every post a browse matches, in batches of rows with their relations, for a streamed `limit=all`.
 * The ids are taken at the start; a post deleted while the list is being sent is left out.
 */
export async function streamPosts(
  tx: Stores,
  app: AppContext,
  query: PostBrowse,
): Promise<() => Promise<{ rows: PostRow[]; relations: PostRelations | PublicPostRelations } | null>> {
  const ids = await tx.posts.browseIds(postQuery(app, query));
  let at = 0;
  return async () => {
    if (at >= ids.length) return null;
    const found = await tx.posts.findByIds(ids.slice(at, (at += STREAM_BATCH)), query.bodies);
    // the ids were read when the list began: a post unpublished since then is left out, not shown as it is now
    const rows = query.publishedOnly ? found.filter((row) => row.status === 'published') : found;
    return { rows, relations: await relationsOf(tx, rows, query) };
  };
}
