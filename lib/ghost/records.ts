// One record of a Ghost export → the row pressroom stores, or a validation error that names it. Every
// string is checked against the column it goes to, so a bad file is a 422 and never a database error.
import {
  EMPTY_MOBILEDOC,
  LexicalError,
  MobiledocError,
  htmlToMobiledoc,
  htmlToPlaintext,
  parseLexical,
  parseMobiledoc,
  renderLexical,
  renderMobiledoc,
  sanitizeCaption,
  slugify,
  type LexicalRenderOptions,
} from '../content';
import { validation } from '../core/errors';
import type { ImportedPost, TagRow, UserRow } from '../storage/storage';
import { POST_META_COLUMNS } from '../storage/site-data-rows';
import { readingTimeOf } from '../resources/posts/body';
import { POST_FIELDS } from '../resources/posts/fields';
import { TAG_COPIED } from '../resources/tags/fields';
import { USER_PROFILE } from '../resources/users/fields';
import { parseGhostBoolean, parseGhostDate } from './format';

type Raw = Record<string, unknown>;

const ID = /^[A-Za-z0-9_-]{1,24}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const STATUSES = new Set(['published', 'draft', 'scheduled']);
const VISIBILITIES = new Set(['public', 'members', 'paid', 'tiers', 'internal']);

/** Longest value per column (the tables' varchar limits); absent → text. */
const LIMITS: Record<string, number> = {
  id: 24,
  name: 191,
  slug: 191,
  email: 191,
  title: 2000,
  custom_excerpt: 2000,
  feature_image: 2000,
  og_image: 2000,
  og_title: 300,
  og_description: 500,
  twitter_image: 2000,
  twitter_title: 300,
  twitter_description: 500,
  meta_title: 2000,
  meta_description: 2000,
  email_subject: 300,
  custom_template: 100,
  profile_image: 2000,
  cover_image: 2000,
  website: 2000,
  facebook: 2000,
  twitter: 2000,
  comment_id: 50,
  accent_color: 50,
  canonical_url: 2000,
  feature_image_alt: 2000,
  locale: 6,
  status: 50,
  visibility: 50,
};

export interface RecordContext {
  /** Rewrites addresses of the old site (urls.ts). */
  address: (text: string) => string;
  /** The id a record of the file gets here, the same for every reference to it (import.ts). */
  ids: (fileId: string) => string;
  now: Date;
}

export class RecordReader {
  constructor(
    private readonly kind: string,
    private readonly raw: Raw,
    private readonly ctx: RecordContext,
  ) {}

  private label(): string {
    const key = this.raw.slug ?? this.raw.id ?? this.raw.name;
    return `${this.kind} ${typeof key === 'string' ? JSON.stringify(key.slice(0, 100)) : '(without id)'}`;
  }

  fail(column: string, problem: string): never {
    throw validation(`${this.label()}: ${column} ${problem}.`, {
      property: column,
      context: `The import stopped at this ${this.kind.toLowerCase()}; nothing was imported.`,
    });
  }

  text(column: string): string | null {
    const value = this.raw[column];
    if (value === null || value === undefined) return null;
    if (typeof value !== 'string') {
      if (typeof value === 'number') return String(value);
      this.fail(column, 'must be a string');
    }
    if (value.includes('\0')) this.fail(column, 'contains a NUL character');
    const text = this.ctx.address(value.isWellFormed() ? value : value.toWellFormed());
    const limit = LIMITS[column];
    if (limit !== undefined && text.length > limit) this.fail(column, `is longer than ${limit} characters`);
    return text;
  }

  required(column: string): string {
    const value = this.text(column);
    if (value === null || value.trim() === '') this.fail(column, 'is required');
    return value;
  }

  /** The record's id here: the file's, unless it is not an ObjectId (Ghost's first Owner is `1`). */
  id(column = 'id'): string {
    const value = this.required(column);
    if (!ID.test(value)) this.fail(column, 'is not an id (letters, digits, - and _, at most 24)');
    return this.ctx.ids(value);
  }

  date(column: string): Date | null {
    const value = parseGhostDate(this.raw[column]);
    if (value === undefined) this.fail(column, 'is not a date');
    return value;
  }

  boolean(column: string): boolean {
    const value = parseGhostBoolean(this.raw[column]);
    if (value === undefined) this.fail(column, 'is not a boolean');
    return value;
  }

  oneOf(column: string, allowed: ReadonlySet<string>, fallback: string): string {
    const value = this.text(column) ?? fallback;
    if (!allowed.has(value)) this.fail(column, `must be one of ${[...allowed].join(', ')}`);
    return value;
  }
}

export interface PostContext extends RecordContext {
  ownerId: string;
  /** How the site renders lexical image cards (lexicalRenderOptions in lib/resources/posts/body.ts). */
  lexical?: LexicalRenderOptions;
}

/** How the body of an imported post was kept (for the import's summary and its tests). */
export type BodyKind = 'mobiledoc' | 'lexical' | 'html';

function body(
  r: RecordReader,
  raw: Raw,
  options: LexicalRenderOptions | undefined,
): { mobiledoc: string | null; html: string; lexical: string | null; kind: BodyKind } {
  const lexical = r.text('lexical');
  const mobiledoc = r.text('mobiledoc');
  const html = r.text('html');
  if (lexical !== null && (mobiledoc === null || raw.mobiledoc === '')) {
    // kept as lexical, and served from pressroom's rendering of it: the reference's html byte for byte
    // (test/ghost/lexical-import.test.ts), less the script URLs pressroom never renders, and the html
    // the post's next edit would render (the file's html is not used)
    try {
      return { mobiledoc: null, html: renderLexical(parseLexical(lexical), options), lexical, kind: 'lexical' };
    } catch (error) {
      if (error instanceof LexicalError) r.fail('lexical', `is not valid (${error.message})`);
      throw error;
    }
  }
  if (mobiledoc !== null) {
    let doc;
    try {
      doc = parseMobiledoc(mobiledoc);
    } catch (error) {
      if (error instanceof MobiledocError) r.fail('mobiledoc', `is not valid mobiledoc (${error.message})`);
      throw error;
    }
    // the file's html is what readers saw; pressroom's rendering of the same mobiledoc replaces it on the next edit
    return { mobiledoc, html: html ?? renderMobiledoc(doc), lexical: null, kind: 'mobiledoc' };
  }
  if (html !== null) return { mobiledoc: JSON.stringify(htmlToMobiledoc(html)), html, lexical: null, kind: 'html' };
  return { mobiledoc: EMPTY_MOBILEDOC, html: '', lexical: null, kind: 'html' };
}

type CopiedFromFile = Extract<(typeof POST_FIELDS)[number], { ghost: 'posts' | 'posts_meta'; write: { copied: true } }>;

/** Fields a client's write copies as sent (lib/resources/posts/fields.ts) that a Ghost export carries: copied from the file the same way. */
const COPIED_FROM_FILE = POST_FIELDS.filter((field): field is CopiedFromFile => 'write' in field && 'copied' in field.write && 'ghost' in field);

function copiedFrom(r: RecordReader): Pick<ImportedPost, CopiedFromFile['name']> {
  const row: Record<string, unknown> = {};
  for (const field of COPIED_FROM_FILE) row[field.name] = field.sql === 'boolean' ? r.boolean(field.name) : r.text(field.name);
  return row as Pick<ImportedPost, CopiedFromFile['name']>;
}

/** A post of the file as stored, without its relations; null for what pressroom cannot show (email-only posts). */
export function postFrom(raw: Raw, ctx: PostContext): { row: ImportedPost; kind: BodyKind } | { skip: string } {
  const r = new RecordReader('Post', raw, ctx);
  const id = r.id();
  if (raw.status === 'sent') return { skip: 'an email-only post ("sent"), which pressroom cannot show' };
  const title = r.text('title') ?? '';
  const type =
    raw.type === undefined || raw.type === null ? (parseGhostBoolean(raw.page) ? 'page' : 'post') : r.oneOf('type', new Set(['post', 'page']), 'post');
  const status = r.oneOf('status', STATUSES, 'draft') as ImportedPost['status'];
  const created = r.date('created_at') ?? ctx.now;
  let published = r.date('published_at');
  if (status === 'published' && !published) published = created;
  if (status === 'scheduled' && !published) r.fail('published_at', 'is required for a scheduled post');
  const uuid = r.text('uuid');
  const slug = r.text('slug') ?? (slugify(title, type as 'post' | 'page') || id);
  const content = body(r, raw, ctx.lexical);
  // a lexical post's html is pressroom's own rendering (body above): its plaintext is made from it too
  const plaintext = (content.kind === 'lexical' ? null : r.text('plaintext')) ?? htmlToPlaintext(content.html);
  const featureImage = r.text('feature_image');
  const by = (column: string) => {
    const value = r.text(column);
    return value ? ctx.ids(value) : ctx.ownerId;
  };
  const row: ImportedPost = {
    // Ghost 2.x kept the social and search fields on the post; later versions in posts_meta, which overrides them (import.ts)
    ...copiedFrom(r),
    id,
    uuid: uuid && UUID.test(uuid) ? uuid.toLowerCase() : crypto.randomUUID(),
    type: type as ImportedPost['type'],
    title,
    slug,
    slug_customised: true,
    mobiledoc: content.mobiledoc,
    lexical: content.lexical,
    html: content.html,
    plaintext,
    comment_id: r.text('comment_id') ?? id,
    status,
    visibility: r.oneOf('visibility', VISIBILITIES, 'public'),
    reading_time: readingTimeOf(content.html, featureImage, plaintext),
    send_email_when_published: false,
    created_at: created,
    created_by: by('created_by'),
    updated_at: r.date('updated_at') ?? created,
    updated_by: by('updated_by'),
    published_at: published,
    published_by: status === 'published' || raw.published_by ? by('published_by') : null,
    feature_image_caption: caption(r.text('feature_image_caption')),
  };
  return { row, kind: content.kind };
}

/** A caption is html a theme prints as it is: kept through the allow-list the API's writes use too. */
function caption(html: string | null): string | null {
  return html === null ? null : sanitizeCaption(html);
}

/** A posts_meta row: the post's id and its social, search and feature-image fields. */
export function postMetaFrom(raw: Raw, ctx: RecordContext): { id: string } & Partial<ImportedPost> {
  const r = new RecordReader('Post meta', raw, ctx);
  const meta: { id: string } & Record<string, unknown> = { id: r.id('post_id') };
  for (const column of POST_META_COLUMNS) meta[column] = r.text(column);
  meta.feature_image_caption = caption(meta.feature_image_caption as string | null);
  return meta as { id: string } & Partial<ImportedPost>;
}

export function tagFrom(raw: Raw, ctx: RecordContext): TagRow {
  const r = new RecordReader('Tag', raw, ctx);
  const name = r.required('name');
  const created = r.date('created_at') ?? ctx.now;
  const id = r.id();
  const slug = r.text('slug') ?? slugify(name);
  // the fields a write copies as sent, read as text (lib/resources/tags/fields.ts)
  const copied: Partial<TagRow> = {};
  for (const column of TAG_COPIED) copied[column] = r.text(column);
  return {
    ...(copied as Pick<TagRow, (typeof TAG_COPIED)[number]>),
    id,
    name,
    slug,
    parent_id: null,
    visibility: r.oneOf('visibility', VISIBILITIES, name.startsWith('#') ? 'internal' : 'public'),
    created_at: created,
    updated_at: r.date('updated_at') ?? created,
  };
}

/** A password hash no password matches (password.ts reads only `pbkdf2-sha256$…`): set one by a reset. */
export const NO_PASSWORD = 'imported$no-password';
const USER_STATUSES = new Set(['active', 'inactive', 'locked', 'warn-1', 'warn-2', 'warn-3', 'warn-4']);

export function userFrom(raw: Raw, ctx: RecordContext): UserRow {
  const r = new RecordReader('User', raw, ctx);
  const name = r.required('name');
  const created = r.date('created_at') ?? ctx.now;
  const email = r.required('email');
  if (!/^[^\s@]+@[^\s@]+$/.test(email)) r.fail('email', 'is not an email address');
  const id = r.id();
  const slug = r.text('slug') ?? (slugify(name) || id);
  // the profile fields a new user takes, read as text (lib/resources/users/fields.ts)
  const profile: Partial<UserRow> = {};
  for (const column of USER_PROFILE) profile[column] = r.text(column);
  return {
    ...(profile as Pick<UserRow, (typeof USER_PROFILE)[number]>),
    id,
    name,
    slug,
    password_hash: NO_PASSWORD,
    email,
    status: USER_STATUSES.has(String(raw.status)) ? String(raw.status) : 'active',
    visibility: r.text('visibility') ?? 'public',
    last_seen: r.date('last_seen'),
    created_at: created,
    updated_at: r.date('updated_at') ?? created,
  };
}
