import type { FileStore } from '../files/file-store';
import type { NqlNode } from '../nql';
import type {
  ApiKeyRow,
  ApiKeyType,
  IntegrationRow,
  PostRow,
  PostType,
  PostWrite,
  RoleRow,
  SessionRow,
  TagRow,
  ThemeRow,
  UserRow,
  UserWithRoles,
} from './rows';
import type { Clash, ExportTable, ExportTables, ImportedPost, PostCompletion, PostLink } from './site-data-rows';
import type { AttemptResult, ClaimedDelivery, WebhookPatch, WebhookRow } from './webhook-rows';
import type { RevisionRow, RevisionWithAuthor } from './revision-rows';
import type { ActionStore, InviteStore, PasswordResetStore } from './people-stores';
import type { BrowseResult, PageRequest } from './paging';

export type * from './rows';
export type * from './webhook-rows';
export type * from './site-data-rows';
export type * from './revision-rows';
export type * from './people-rows';
export type * from './people-stores';
export type * from './paging';

export interface OrderClause {
  field: string;
  direction: 'asc' | 'desc';
}

/** A list's total as counted when public content was at `generation` (the change feed's). */
export interface KnownTotal {
  total: number;
  generation: number;
}

/** `limit: null` means every record. */

interface FilteredQuery {
  filter?: NqlNode | null;
  /** Explicit order; unknown fields are ignored. Empty or absent → the default order. */
  order?: OrderClause[];
  page: PageRequest;
  /** The instant relative dates in filters (`now-30d`) are measured from. */
  now: Date;
}

/** Body columns a read may leave out: they are most of a row's bytes. */
export type PostBody = 'mobiledoc' | 'html';

export interface PostQuery extends FilteredQuery {
  type: PostType;
  /** Content API: only published records are visible, whatever the filter says. */
  publishedOnly?: boolean;
  defaultOrder: 'admin' | 'published_at' | 'title';
  /** `filter=slug:[a,b,c]` without an order returns the records in this order. */
  slugOrder?: string[] | null;
  /** The body columns the caller reads; the others come back null. Absent → all. */
  bodies?: readonly PostBody[];
  /** The total of the list, where the caller knows it: not counted again, and checked before a page is walked from the end. */
  total?: KnownTotal;
  /** Only posts matching this search, by relevance unless `order` is given. */
  search?: PostSearch | null;
}

/** One term of a search: a word, or a phrase of several; an excluded one must not match; `prefix`: its last word may be cut short. */
export interface SearchTerm {
  words: string[];
  exclude: boolean;
  prefix: boolean;
}

/** A search of posts: every term not excluded must match, no excluded one may (lib/resources/posts/search-query.ts). */
export interface PostSearch {
  terms: SearchTerm[];
}

/** A piece of the text a search matched, cut out around its matches: runs of text, `match` where a term matched. */
export type Headline = { text: string; match: boolean }[];

/** Which relations a read of posts brings along. */
export interface RelationChoice {
  tags: boolean;
  authors: boolean;
}

export interface TagQuery extends FilteredQuery {
  /** Content API: only tags attached to at least one published post. */
  withPublishedPosts?: boolean;
  /** Adds `count_posts`; `published` counts published posts only. */
  countPosts?: 'all' | 'published' | null;
}

export interface UserQuery extends FilteredQuery {
  /** Content API: only users who authored at least one published post. */
  withPublishedPosts?: boolean;
  countPosts?: 'all' | 'published' | null;
}

/** Options of a single-record lookup of tags and users. */
export interface LookupOptions {
  countPosts?: 'all' | 'published' | null;
  /** Content API: only a record attached to at least one published post is found. */
  withPublishedPosts?: boolean;
}

export interface Counted {
  count_posts?: number;
}

/** What the Content API shows of an author: no email, status, roles or other staff data. */
export type PublicAuthor = Pick<
  UserRow,
  'id' | 'name' | 'slug' | 'profile_image' | 'cover_image' | 'bio' | 'website' | 'location' | 'facebook' | 'twitter' | 'meta_title' | 'meta_description'
>;

/** Tags and authors by post id, in order. */
export interface PostRelationsOf<A> {
  tags: Map<string, TagRow[]>;
  authors: Map<string, A[]>;
}
export type PostRelations = PostRelationsOf<UserWithRoles>;
export type PublicPostRelations = PostRelationsOf<PublicAuthor>;

/** A post or page with its tags and its authors (with roles), each in order. */
export interface PostWithRelations {
  row: PostRow;
  tags: TagRow[];
  authors: UserWithRoles[];
}

/** A published post or page with its relations as the Content API shows them. */
export interface PublishedPost {
  row: PostRow;
  relations: PublicPostRelations;
}

/** A page of published posts as ids, in order, and the total they were paged from. */
export interface PublishedPage {
  ids: string[];
  total: number;
}

export interface PostStore {
  browse(query: PostQuery): Promise<BrowseResult<PostRow>>;
  /** The page `query` (with `publishedOnly`) names, as ids: the Content API reads the posts it does not hold by `published`. */
  publishedPage(query: PostQuery): Promise<PublishedPage>;
  /** How many posts `query` (with `publishedOnly`) matches; its page is ignored. */
  countPublished(query: PostQuery): Promise<number>;
  /** The published posts of `type` with these ids, in this order, with the relations asked for; others are left out. */
  published(type: PostType, ids: string[], bodies: readonly PostBody[], include: RelationChoice): Promise<PublishedPost[]>;
  /**
   * A headline of each of these posts for `search`: from its custom excerpt and body, or its title where
   * they do not match; `publishedOnly` (the Content API): a body its visibility hides is never used.
   */
  headlines(ids: string[], search: PostSearch, publishedOnly: boolean): Promise<Map<string, Headline>>;
  /** The ids of every post `query` matches, in its order; its page is ignored (`limit=all` streams by them). */
  browseIds(query: PostQuery): Promise<string[]>;
  /** The posts with these ids, in the order given; ids of posts that no longer exist are skipped. */
  findByIds(ids: string[], bodies?: readonly PostBody[]): Promise<PostRow[]>;
  /** `bodies`: as in PostQuery. */
  findById(id: string, type?: PostType, bodies?: readonly PostBody[]): Promise<PostRow | null>;
  findBySlug(slug: string, type?: PostType, bodies?: readonly PostBody[]): Promise<PostRow | null>;
  /** The post of `type` with this uuid, whatever its status (previews). */
  findByUuid(uuid: string, type: PostType, bodies?: readonly PostBody[]): Promise<PostRow | null>;
  /** The published post (or page) of `type` with this id or slug, as the Content API reads one; null when there is none. */
  findPublished(type: PostType, by: { id: string } | { slug: string }, bodies: readonly PostBody[], include: RelationChoice): Promise<PublishedPost | null>;
  /** Locks the row for the rest of the transaction (collision checks). */
  findByIdForUpdate(id: string): Promise<PostRow | null>;
  /** `findByIdForUpdate` with the post's tags and authors, as a write needs them. */
  lockWithRelations(id: string): Promise<PostWithRelations | null>;
  /** Tags and authors of each post, in order; authors carry their roles unless `roles` is false. */
  relations(postIds: string[], which: RelationChoice & { roles?: boolean }): Promise<PostRelations>;
  /** Tags and authors as the Content API shows them: authors with their public columns only. */
  publicRelations(postIds: string[], which: RelationChoice): Promise<PublicPostRelations>;
  /**
   * Inserts with the given tags and authors (in order, primary first); when the slug is taken, stores
   * the first free `slug-2`, `slug-3`… instead (also under races). Returns the row as stored.
   */
  insert(row: PostWrite, tagIds: string[], authorIds: string[]): Promise<PostRow>;
  /**
   * Updates the given columns and, when given, replaces the tag / author lists (order kept). Returns the
   * row as stored. `current`: the row as this transaction locked it, so it need not be read back.
   */
  update(id: string, patch: Partial<PostWrite>, tagIds?: string[], authorIds?: string[], current?: PostRow): Promise<PostRow>;
  delete(id: string): Promise<boolean>;
  /** The first slug from `base`, `base-2`, `base-3`… that no post or page other than `exceptId` uses. */
  freeSlug(base: string, exceptId?: string): Promise<string>;
  /** Scheduled posts whose time has come, oldest first. */
  dueScheduled(now: Date, limit: number): Promise<PostRow[]>;
  reassignAuthor(fromUserId: string, toUserId: string): Promise<void>;
}

/** Revisions of posts and pages (lib/resources/revisions), newest first wherever listed. */
export interface RevisionStore {
  /** Records a revision, then drops the post's oldest beyond the newest `keep`; call it in the writing transaction. */
  record(row: RevisionRow, keep: number): Promise<void>;
  /** A page of the post's revisions, newest first; `withBodies: false` leaves mobiledoc, lexical and html null. */
  browse(postId: string, page: PageRequest, withBodies: boolean): Promise<BrowseResult<RevisionWithAuthor>>;
  find(postId: string, id: string): Promise<RevisionWithAuthor | null>;
  /** The post's newest revision, or its newest by this author; bodies included. */
  latest(postId: string, authorId?: string): Promise<RevisionRow | null>;
}

export interface TagStore {
  browse(query: TagQuery): Promise<BrowseResult<TagRow & Counted>>;
  findById(id: string, options?: LookupOptions): Promise<(TagRow & Counted) | null>;
  findBySlug(slug: string, options?: LookupOptions): Promise<(TagRow & Counted) | null>;
  /** Finds a tag whose every given key equals the given value (name compared case-insensitively). */
  match(keys: { id?: string; name?: string; slug?: string }): Promise<TagRow | null>;
  /** `match` for each key set, in one round trip: the results in the same order (null where a set gives no key). */
  matchEach(keySets: { id?: string; name?: string; slug?: string }[]): Promise<(TagRow | null)[]>;
  /** Inserts, or returns the tag that a concurrent writer created with the same name. */
  insertOrGetByName(row: TagRow): Promise<TagRow>;
  insert(row: TagRow): Promise<TagRow>;
  update(id: string, patch: Partial<TagRow>): Promise<TagRow>;
  delete(id: string): Promise<boolean>;
  freeSlug(base: string, exceptId?: string): Promise<string>;
  /** Ids of the posts the tag is attached to. */
  postIds(tagId: string): Promise<string[]>;
}

export interface UserStore {
  browse(query: UserQuery): Promise<BrowseResult<UserWithRoles & Counted>>;
  /** The Content API's authors: users with a published post (whatever `withPublishedPosts` says), public columns only. */
  browseAuthors(query: UserQuery): Promise<BrowseResult<PublicAuthor & Counted>>;
  findById(id: string, options?: LookupOptions): Promise<(UserWithRoles & Counted) | null>;
  findBySlug(slug: string, options?: LookupOptions): Promise<(UserWithRoles & Counted) | null>;
  findByEmail(email: string): Promise<UserWithRoles | null>;
  /** Finds a user whose every given key equals the given value (email compared case-insensitively). */
  match(keys: { id?: string; slug?: string; email?: string }): Promise<UserWithRoles | null>;
  /** `match` for each key set, in one round trip: the results in the same order (null where a set gives no key). */
  matchEach(keySets: { id?: string; slug?: string; email?: string }[]): Promise<(UserWithRoles | null)[]>;
  owner(): Promise<UserWithRoles | null>;
  insert(row: UserRow, roleId: string): Promise<UserWithRoles>;
  update(id: string, patch: Partial<UserRow>): Promise<UserWithRoles>;
  setRole(userId: string, roleId: string): Promise<void>;
  delete(id: string): Promise<boolean>;
  freeSlug(base: string, exceptId?: string): Promise<string>;
  count(): Promise<number>;
}

export interface RoleStore {
  all(): Promise<RoleRow[]>;
  findByName(name: string): Promise<RoleRow | null>;
}

export interface IntegrationStore {
  insert(row: IntegrationRow, keys: ApiKeyRow[]): Promise<IntegrationRow>;
  findById(id: string): Promise<IntegrationRow | null>;
  findApiKey(id: string): Promise<ApiKeyRow | null>;
  /** Content keys are looked up by their secret, which is what clients send. */
  findContentKey(secret: string): Promise<ApiKeyRow | null>;
  apiKeys(integrationId: string, type?: ApiKeyType): Promise<ApiKeyRow[]>;
  freeSlug(base: string): Promise<string>;
  /** Custom integrations, by name. */
  browse(page: PageRequest): Promise<BrowseResult<IntegrationRow>>;
  update(id: string, patch: Partial<Pick<IntegrationRow, 'name' | 'description' | 'icon_image' | 'updated_at'>>): Promise<IntegrationRow>;
  /** Deletes the integration with its keys (and whatever else hangs off it). */
  delete(id: string): Promise<boolean>;
  /** Gives a key a new secret, so the old one stops working; null when the key is not the integration's. */
  refreshKey(integrationId: string, keyId: string, secret: string, now: Date): Promise<ApiKeyRow | null>;
}

export interface SessionStore {
  insert(row: SessionRow): Promise<void>;
  /** The session with this token hash, unless it has expired. */
  findByTokenHash(tokenHash: string, now: Date): Promise<SessionRow | null>;
  /** Slides the session forward. */
  touch(id: string, lastSeenAt: Date, expiresAt: Date): Promise<void>;
  delete(id: string): Promise<boolean>;
  /** Ends every session of a user but `exceptId` (after a password change). */
  deleteForUser(userId: string, exceptId?: string): Promise<void>;
  purgeExpired(now: Date): Promise<void>;
}

export interface SettingStore {
  all(): Promise<Map<string, string | null>>;
  get(key: string): Promise<string | null | undefined>;
  set(entries: { key: string; value: string | null }[], now: Date): Promise<void>;
}

export interface TokenStore {
  /**
   * Records the first use of a token. Returns null when this is the first use, else when it was first used.
   * Expired records may be dropped at any time after `expiresAt`.
   */
  recordUse(tokenHash: string, now: Date, expiresAt: Date): Promise<Date | null>;
  purgeExpired(now: Date): Promise<void>;
}

export interface RateWindow {
  count: number;
  resetAt: Date;
}

export interface RateLimitStore {
  /** Counts one event for `key` in the current window (a new window starts when the last has ended). */
  hit(key: string, windowMs: number, now: Date): Promise<RateWindow>;
  /** The current window of `key`, or null when none is running. */
  peek(key: string, now: Date): Promise<RateWindow | null>;
  clear(key: string): Promise<void>;
  purgeExpired(now: Date): Promise<void>;
}

/** What changed in public content after a generation. */
export interface ChangesSince {
  /** The generation now: it moves on with every committed change to public content. */
  generation: number;
  /** The keys (lib/read-model/keys.ts) touched after the generation asked about; null when that is no longer known. */
  keys: string[] | null;
}

/**
 * Told of a committed change to public content: the generation it took (NaN when not known), and the
 * keys it touched when this instance made it.
 */
export type ChangeListener = (generation: number, keys?: string[]) => Promise<void>;

/**
 * The record of committed changes to public content, written by the database in each change's own
 * transaction (migrations/014-content-changes.ts), whoever made it.
 */
export interface ChangeFeed {
  /** The generation now and the keys touched after `after` (null keys: forget everything built before). */
  since(after: number): Promise<ChangesSince>;
}

export interface WebhookStore {
  /** Null when a webhook with the same event and target URL exists. */
  insert(row: WebhookRow): Promise<WebhookRow | null>;
  findById(id: string): Promise<WebhookRow | null>;
  findByEventAndTarget(event: string, targetUrl: string): Promise<WebhookRow | null>;
  /** The updated row; null when it is gone; `duplicate` when another webhook has the new event and target URL. */
  update(id: string, patch: WebhookPatch): Promise<WebhookRow | null | 'duplicate'>;
  delete(id: string): Promise<boolean>;
  /** The webhooks of these integrations, oldest first (for `integrations/?include=webhooks`). */
  byIntegrations(integrationIds: string[]): Promise<WebhookRow[]>;
  subscribedTo(events: string[]): Promise<Pick<WebhookRow, 'id' | 'event' | 'api_version'>[]>;
}

/** The durable webhook outbox (reference-behaviour §11). */
export interface OutboxStore {
  /** Writes an event and its deliveries, due at once; call it inside the transaction of the change. */
  stage(event: { id: string; name: string; created_at: Date }, deliveries: { id: string; webhook_id: string; body: string }[]): Promise<void>;
  /**
   * Claims up to `limit` pending deliveries due at `now` that nobody holds, until `until`, counting an
   * attempt on each. Concurrent claimers, on any instance, never get the same delivery.
   */
  claimDue(now: Date, until: Date, token: string, limit: number): Promise<ClaimedDelivery[]>;
  /**
   * Records an attempt on a delivery still held with `token` and on its webhook (`last_triggered_*`,
   * or deletes it). Returns false when the claim was lost. Call it inside a transaction.
   */
  record(deliveryId: string, token: string, result: AttemptResult): Promise<boolean>;
  /** When the earliest pending delivery can next be claimed; null when none is pending. */
  nextDue(): Promise<Date | null>;
  /** Deletes deliveries finished before `before`, and events left without deliveries. */
  purgeFinished(before: Date): Promise<number>;
}

/** Uploaded themes (the built-in default theme is not stored). */
export interface ThemeStore {
  all(): Promise<ThemeRow[]>;
  /** With `forUpdate`, the row stays locked until the transaction ends (activation against deletion). */
  find(name: string, forUpdate?: boolean): Promise<ThemeRow | null>;
  /** Inserts, or replaces the theme of that name (keeping its `created_at`). */
  save(row: ThemeRow): Promise<ThemeRow>;
  delete(name: string): Promise<boolean>;
}

/**
 * Whole-site reads and bulk writes for export and import (lib/ghost). Inserts skip a row that clashes
 * with an existing one on any unique key and return the ids they inserted; callers look for clashes
 * first to say why.
 */
export interface SiteDataStore {
  /** Up to `limit` rows of `table` after the key `after` (null: from the start), in key order, and the last key read. */
  exportRows<T extends ExportTable>(table: T, after: string | null, limit: number): Promise<{ rows: ExportTables[T][]; last: string | null }>;
  count(table: ExportTable): Promise<number>;
  /** Existing records sharing a unique key (posts: id, uuid, slug; tags: id, slug, name; users: id, slug, email) with these. */
  clashes(table: 'posts' | 'tags' | 'users', rows: { id: string }[]): Promise<Clash[]>;
  /** Posts without relations (see `link`, `refreshRelations`). */
  insertPosts(rows: ImportedPost[]): Promise<string[]>;
  /** Tags without parents. */
  insertTags(rows: TagRow[]): Promise<string[]>;
  /** Users, each with one role. */
  insertUsers(rows: (UserRow & { role_id: string })[]): Promise<string[]>;
  link(kind: 'tags' | 'authors', links: PostLink[]): Promise<void>;
  /**
   * Completes inserted posts once their links are written: the mirrored relation columns
   * (migrations/009), which must list the linked ids in order, and, where given, the social and search
   * fields, the email subject and the feature image's alt and caption.
   */
  completePosts(rows: PostCompletion[]): Promise<void>;
}

/** A unit of work: every store bound to one transaction, or to the database outside any. */
export interface Stores {
  posts: PostStore;
  tags: TagStore;
  users: UserStore;
  roles: RoleStore;
  integrations: IntegrationStore;
  settings: SettingStore;
  tokens: TokenStore;
  rateLimits: RateLimitStore;
  sessions: SessionStore;
  changes: ChangeFeed;
  webhooks: WebhookStore;
  outbox: OutboxStore;
  themes: ThemeStore;
  siteData: SiteDataStore;
  revisions: RevisionStore;
  /** Invitations, password resets and the activity log (people-stores.ts). */
  invites: InviteStore;
  passwordResets: PasswordResetStore;
  actions: ActionStore;
}

/**
 * Everything the service keeps. Implementations must make `transaction` atomic and isolated
 * (a crash never leaves half of it), and must share all state between instances on one database.
 */
export interface Storage extends Stores {
  /**
   * Calls `listener` with the generation a change took and the keys it touched, after this storage
   * commits a transaction that changed public content (awaiting it before the transaction's promise
   * resolves, so a write's answer follows what it invalidated) and, where the database can announce them
   * (LISTEN/NOTIFY), with the generation alone after every instance's changes, this one's too: one change
   * may be told of twice. Absent → readers poll `changes`.
   */
  watchChanges?(listener: ChangeListener): Promise<() => Promise<void>>;
  /**
   * Where this storage keeps files when the service is given none (`files` option): PostgreSQL storage
   * keeps them in its database, so every instance of a site sees every upload. Absent → in memory.
   */
  files?: { images: FileStore; themes: FileStore };
  /** Runs `work` in one transaction; nested calls join the outer transaction. */
  transaction<T>(work: (tx: Stores) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}
