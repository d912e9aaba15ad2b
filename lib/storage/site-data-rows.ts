// Rows of whole-site export and bulk import (lib/ghost): every column a Ghost-format export carries
// for each table pressroom has, as the storage reads and writes them.
import type { PostRow, PostWrite, RoleRow, TagRow, UserRow } from './rows';
import { POST_FIELDS } from '../resources/posts/fields';

export type ExportedPost = PostRow;

type PostMetaField = Extract<(typeof POST_FIELDS)[number], { ghost: 'posts_meta' }>;
export type PostMetaColumn = PostMetaField['name'];

/** The fields of a post Ghost keeps in its `posts_meta` table, which exports carry there. */
export const POST_META_COLUMNS: readonly PostMetaColumn[] = POST_FIELDS.filter(
  (field): field is PostMetaField => 'ghost' in field && field.ghost === 'posts_meta',
).map((field) => field.name);
export type ImportedPost = PostWrite;

/** A staff user as exported: no password hash. */
export type ExportedUser = Omit<UserRow, 'password_hash'>;

/** A row of a link table, its position in the post's list included. */
export interface PostLink {
  post_id: string;
  /** The tag's or the author's id. */
  ref_id: string;
  sort_order: number;
}

export interface RoleLink {
  user_id: string;
  role_id: string;
}

/** What each table of an export reads as, for `SiteDataStore.exportRows`. */
export interface ExportTables {
  posts: ExportedPost;
  tags: TagRow;
  users: ExportedUser;
  roles: RoleRow;
  roles_users: RoleLink;
  posts_tags: PostLink;
  posts_authors: PostLink;
}
export type ExportTable = keyof ExportTables;

/** Existing records that an imported one collides with, by its id. */
export interface Clash {
  /** The imported record's id. */
  id: string;
  /** The existing record's id. */
  existing_id: string;
  /** Which key they share. */
  on: 'id' | 'slug' | 'email' | 'uuid' | 'name';
}

/** What `SiteDataStore.completePosts` sets on one post. */
export interface PostCompletion {
  id: string;
  tagIds: string[];
  authorIds: string[];
  /** Null: the file has no meta for the post, whose fields stay as inserted. */
  meta: Partial<Pick<ImportedPost, PostMetaColumn>> | null;
}
