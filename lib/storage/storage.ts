import type { NqlNode } from '../nql';
import type {
  ApiKeyRow,
  ApiKeyType,
  IntegrationRow,
  PostRow,
  PostType,
  PostWrite,
  RoleRow,
  TagRow,
  UserRow,
  UserWithRoles,
} from './rows';

export type * from './rows';

export interface OrderClause {
  field: string;
  direction: 'asc' | 'desc';
}

/** `limit: null` means every record. */
export interface PageRequest {
  limit: number | null;
  offset: number;
}

export interface BrowseResult<T> {
  rows: T[];
  total: number;
}

interface FilteredQuery {
  filter?: NqlNode | null;
  /** Explicit order; unknown fields are ignored. Empty or absent → the default order. */
  order?: OrderClause[];
  page: PageRequest;
  /** The instant relative dates in filters (`now-30d`) are measured from. */
  now: Date;
}

export interface PostQuery extends FilteredQuery {
  type: PostType;
  /** Content API: only published records are visible, whatever the filter says. */
  publishedOnly?: boolean;
  defaultOrder: 'admin' | 'published_at' | 'title';
  /** `filter=slug:[a,b,c]` without an order returns the records in this order. */
  slugOrder?: string[] | null;
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

export interface PostRelations {
  tags: Map<string, TagRow[]>;
  authors: Map<string, UserWithRoles[]>;
}

export interface PostStore {
  browse(query: PostQuery): Promise<BrowseResult<PostRow>>;
  findById(id: string, type?: PostType): Promise<PostRow | null>;
  findBySlug(slug: string, type?: PostType): Promise<PostRow | null>;
  /** Locks the row for the rest of the transaction (collision checks). */
  findByIdForUpdate(id: string): Promise<PostRow | null>;
  relations(postIds: string[], which: { tags: boolean; authors: boolean }): Promise<PostRelations>;
  /** Inserts; when the slug is taken, stores the first free `slug-2`, `slug-3`… instead (also under races). */
  insert(row: PostWrite, tagIds: string[], authorIds: string[]): Promise<PostRow>;
  /** Updates the given columns and, when given, replaces the tag / author lists (order kept). */
  update(id: string, patch: Partial<PostWrite>, tagIds?: string[], authorIds?: string[]): Promise<PostRow>;
  delete(id: string): Promise<boolean>;
  /** The first slug from `base`, `base-2`, `base-3`… that no post or page other than `exceptId` uses. */
  freeSlug(base: string, exceptId?: string): Promise<string>;
  /** Scheduled posts whose time has come, oldest first. */
  dueScheduled(now: Date, limit: number): Promise<PostRow[]>;
  reassignAuthor(fromUserId: string, toUserId: string): Promise<void>;
}

export interface TagStore {
  browse(query: TagQuery): Promise<BrowseResult<TagRow & Counted>>;
  findById(id: string, options?: LookupOptions): Promise<(TagRow & Counted) | null>;
  findBySlug(slug: string, options?: LookupOptions): Promise<(TagRow & Counted) | null>;
  /** Finds a tag whose every given key equals the given value (name compared case-insensitively). */
  match(keys: { id?: string; name?: string; slug?: string }): Promise<TagRow | null>;
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
  findById(id: string, options?: LookupOptions): Promise<(UserWithRoles & Counted) | null>;
  findBySlug(slug: string, options?: LookupOptions): Promise<(UserWithRoles & Counted) | null>;
  findByEmail(email: string): Promise<UserWithRoles | null>;
  /** Finds a user whose every given key equals the given value (email compared case-insensitively). */
  match(keys: { id?: string; slug?: string; email?: string }): Promise<UserWithRoles | null>;
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
}

/**
 * Everything the service keeps. Implementations must make `transaction` atomic and isolated
 * (a crash never leaves half of it), and must share all state between instances on one database.
 */
export interface Storage extends Stores {
  /** Runs `work` in one transaction; nested calls join the outer transaction. */
  transaction<T>(work: (tx: Stores) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}
