// A Ghost export (JSON, or a zip with its images) into this site, all or nothing: one transaction for
// the records, images written only once every record has passed and removed again if the transaction
// fails. Records already here (same id, slug, uuid or email) are skipped with a problem each, so the
// same file imported twice adds nothing. One `site.changed` tells webhooks and caches, not one event per post.
import type { AppContext } from '../core/context';
import { ApiError, validation } from '../core/errors';
import { validateImage } from '../files/image-validate';
import { contentTypeFor } from '../files/media-types';
import { FileExistsError, InvalidPathError } from '../files/file-store';
import { write } from '../resources/shared/write';
import { lexicalRenderOptions } from '../resources/posts/body';
import type { Clash, ImportedPost, PostCompletion, PostLink, Stores, TagRow, UserRow } from '../storage/storage';
import { isZip, readArchive } from './archive';
import type { MigrationProgress } from './export';
import { READ_TABLES, SETTINGS_TAKEN, SKIPPED_TABLES, type ImportProblem } from './format';
import { readExport } from './read';
import { type BodyKind, type RecordContext, postFrom, postMetaFrom, tagFrom, userFrom } from './records';
import { objectId } from '../util/ids';
import { parseSettingValue } from '../resources/settings/admin-keys';
import { fromPortable } from './urls';

/** The file to import: its bytes, or (JSON only) a stream of them, as the CLI reads a file. */
export type ImportInput = { data: Uint8Array } | { stream: ReadableStream<Uint8Array>; size?: number };

/**
 * Posts stream in, so how many the file holds is known only at its end: `done` and `total` are the posts
 * read so far, and the share of the file read (`bytesRead` of `bytesTotal`, when the size is known) is
 * the fraction done.
 */
export interface ImportProgress extends MigrationProgress {
  bytesRead: number;
  bytesTotal: number | null;
}

export interface ImportOptions {
  onProgress?: (progress: ImportProgress) => void;
}

export interface ImportResult {
  /** Records imported, by kind (`lexical`: posts and pages kept in lexical, their html rendered from it). */
  imported: { posts: number; pages: number; tags: number; users: number; images: number; settings: number; lexical: number };
  problems: ImportProblem[];
}

const SEMVER = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$/;
const ROLE_BY_NAME = new Set(['Administrator', 'Editor', 'Author', 'Contributor']);
/** Problems listed one by one; past this they are counted in one last problem. */
const MAX_PROBLEMS = 1000;

type Raw = Record<string, unknown>;

class Problems {
  readonly list: ImportProblem[] = [];
  private dropped = 0;
  add(help: string, context: string, message: string): void {
    if (this.list.length < MAX_PROBLEMS) this.list.push({ message, help, context });
    else this.dropped++;
  }
  done(): ImportProblem[] {
    if (this.dropped) this.list.push({ message: `${this.dropped} more problems like the ones above were not listed.`, help: 'Import', context: '' });
    return this.list;
  }
}

function asRecord(value: unknown, table: string): Raw {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw validation(`A row of ${table} is not an object.`, { property: 'importfile' });
  }
  return value as Raw;
}

/** Each post's links, by the ids posts and their tags or authors have here, in their order. */
function ordered(links: Raw[], column: string, ids: (fileId: string) => string): Map<string, { ref: string; order: number }[]> {
  const byPost = new Map<string, { ref: string; order: number }[]>();
  for (const link of links) {
    if (typeof link.post_id !== 'string' || typeof link[column] !== 'string') continue;
    const postId = ids(link.post_id);
    const list = byPost.get(postId) ?? [];
    list.push({ ref: ids(link[column] as string), order: typeof link.sort_order === 'number' ? link.sort_order : list.length });
    byPost.set(postId, list);
  }
  for (const list of byPost.values()) list.sort((a, b) => a.order - b.order);
  return byPost;
}

/** The work inside the transaction: records streamed in, then what depends on all of them. */
class Importer {
  readonly problems = new Problems();
  readonly imported: ImportResult['imported'] = { posts: 0, pages: 0, tags: 0, users: 0, images: 0, settings: 0, lexical: 0 };
  meta: unknown = undefined;
  private readonly postIds = new Set<string>();
  private readonly kept: Record<string, Raw[]> = {};
  private readonly skippedTables = new Map<string, number>();
  private done = 0;
  bytesRead = 0;

  constructor(
    private readonly tx: Stores,
    private readonly app: AppContext,
    private readonly ownerId: string,
    private readonly ctx: RecordContext,
    private readonly options: ImportOptions,
    private readonly bytesTotal: number | null,
  ) {}

  async rows(table: string, rows: unknown[]): Promise<void> {
    if (table === 'posts') return this.posts(rows.map((row) => asRecord(row, table)));
    if (READ_TABLES.has(table)) (this.kept[table] ??= []).push(...rows.map((row) => asRecord(row, table)));
    else this.skippedTables.set(table, (this.skippedTables.get(table) ?? 0) + rows.length);
  }

  private async posts(raws: Raw[]): Promise<void> {
    const rows: ImportedPost[] = [];
    const kinds = new Map<string, BodyKind>();
    const context = { ...this.ctx, ownerId: this.ownerId, lexical: lexicalRenderOptions(this.app) };
    for (const raw of raws) {
      const post = postFrom(raw, context);
      if ('skip' in post) this.problems.add('Post', String(raw.slug ?? raw.id), `Not imported: ${post.skip}.`);
      else {
        rows.push(post.row);
        kinds.set(post.row.id, post.kind);
      }
    }
    const clashing = new Map<string, Clash>();
    for (const clash of await this.tx.siteData.clashes('posts', rows)) {
      if (clashing.has(clash.id)) continue;
      clashing.set(clash.id, clash);
      this.problems.add('Post', clash.id, `Not imported: a post with the same ${clash.on} exists already (${clash.existing_id}).`);
    }
    const fresh = rows.filter((row) => !clashing.has(row.id));
    const inserted = new Set(await this.tx.siteData.insertPosts(fresh));
    for (const row of fresh) {
      if (!inserted.has(row.id)) {
        this.problems.add('Post', row.id, 'Not imported: the file holds another post with the same id, slug or uuid.');
        continue;
      }
      this.postIds.add(row.id);
      if (row.type === 'page') this.imported.pages++;
      else this.imported.posts++;
      if (kinds.get(row.id) === 'lexical') this.imported.lexical++;
    }
    this.done += raws.length;
    this.options.onProgress?.({ done: this.done, total: this.done, bytesRead: this.bytesRead, bytesTotal: this.bytesTotal });
  }

  /** Everything that needs the whole file: users, tags, links, meta, settings. */
  async finish(): Promise<void> {
    const meta = this.meta as { version?: unknown } | undefined;
    if (!meta || typeof meta !== 'object' || typeof meta.version !== 'string' || !SEMVER.test(meta.version)) {
      throw validation('This is not a Ghost export: meta.version is missing or not a version number.', { property: 'importfile' });
    }
    for (const [table, count] of this.skippedTables) {
      this.problems.add(table, `${count} rows`, `Not imported: ${SKIPPED_TABLES[table] ?? 'pressroom has no such table'}.`);
    }
    const users = await this.users();
    const tags = await this.tags();
    const tagIds = await this.links('tags', 'posts_tags', 'tag_id', tags);
    const authorIds = await this.links('authors', 'posts_authors', 'author_id', users);
    const metas = new Map<string, PostCompletion['meta']>();
    for (const raw of this.kept.posts_meta ?? []) {
      const { id, ...meta } = postMetaFrom(raw, this.ctx);
      if (this.postIds.has(id)) metas.set(id, meta);
    }
    const rows: PostCompletion[] = [...this.postIds].map((id) => ({
      id,
      tagIds: tagIds.get(id) ?? [],
      authorIds: authorIds.get(id) ?? [],
      meta: metas.get(id) ?? null,
    }));
    for (let at = 0; at < rows.length; at += 500) await this.tx.siteData.completePosts(rows.slice(at, at + 500));
    await this.settings();
  }

  private async users(): Promise<Map<string, string>> {
    const roleNames = new Map((this.kept.roles ?? []).map((r) => [String(r.id), String(r.name)]));
    const roleOf = new Map((this.kept.roles_users ?? []).map((l) => [this.ctx.ids(String(l.user_id)), roleNames.get(String(l.role_id))]));
    const roles = new Map((await this.tx.roles.all()).map((r) => [r.name, r.id]));
    const rows: (UserRow & { role_id: string })[] = [];
    for (const raw of this.kept.users ?? []) {
      const user = userFrom(raw, this.ctx);
      let role = roleOf.get(user.id) ?? 'Author';
      if (role === 'Owner') {
        this.problems.add('User', user.slug, 'Imported as an Administrator: this site keeps its own Owner.');
        role = 'Administrator';
      } else if (!ROLE_BY_NAME.has(role)) {
        this.problems.add('User', user.slug, `Imported as an Author: the role ${JSON.stringify(role)} is not one pressroom has.`);
        role = 'Author';
      }
      rows.push({ ...user, role_id: roles.get(role)! });
    }
    const map = new Map<string, string>();
    for (const clash of await this.tx.siteData.clashes('users', rows)) {
      if (map.has(clash.id)) continue;
      map.set(clash.id, clash.existing_id);
      this.problems.add('User', clash.id, `Not imported: a user with the same ${clash.on} exists already; their posts are linked to that user.`);
    }
    const fresh = rows.filter((row) => !map.has(row.id));
    const inserted = new Set(await this.tx.siteData.insertUsers(fresh));
    for (const row of fresh) {
      if (inserted.has(row.id)) {
        map.set(row.id, row.id);
        this.imported.users++;
      } else this.problems.add('User', row.id, 'Not imported: the file holds another user with the same id, slug or email.');
    }
    return map;
  }

  private async tags(): Promise<Map<string, string>> {
    const rows: TagRow[] = (this.kept.tags ?? []).map((raw) => tagFrom(raw, this.ctx));
    const map = new Map<string, string>();
    for (const clash of await this.tx.siteData.clashes('tags', rows)) {
      if (map.has(clash.id)) continue;
      map.set(clash.id, clash.existing_id);
      this.problems.add('Tag', clash.id, `Not imported: a tag with the same ${clash.on} exists already; posts are tagged with that tag.`);
    }
    const fresh = rows.filter((row) => !map.has(row.id));
    for (let at = 0; at < fresh.length; at += 500) {
      const batch = fresh.slice(at, at + 500);
      const inserted = new Set(await this.tx.siteData.insertTags(batch));
      for (const row of batch) {
        if (inserted.has(row.id)) {
          map.set(row.id, row.id);
          this.imported.tags++;
        } else this.problems.add('Tag', row.id, 'Not imported: the file holds another tag with the same id, slug or name.');
      }
    }
    for (const raw of this.kept.tags ?? []) {
      if (raw.parent_id) this.problems.add('Tag', String(raw.slug ?? raw.id), 'Imported without its parent tag: pressroom shows no tag hierarchy.');
    }
    return map;
  }

  /** Writes the links of the imported posts; returns each post's linked ids, in order. */
  private async links(kind: 'tags' | 'authors', table: string, column: string, refs: Map<string, string>): Promise<Map<string, string[]>> {
    const byPost = ordered(this.kept[table] ?? [], column, this.ctx.ids);
    const links: PostLink[] = [];
    const linked = new Map<string, string[]>();
    for (const postId of this.postIds) {
      const seen = new Set<string>();
      for (const { ref } of byPost.get(postId) ?? []) {
        const id = refs.get(ref);
        if (!id) {
          this.problems.add(
            kind === 'tags' ? 'Tag' : 'User',
            ref,
            `Not linked to post ${postId}: the file does not hold this ${kind === 'tags' ? 'tag' : 'author'}.`,
          );
          continue;
        }
        if (seen.has(id)) continue;
        seen.add(id);
        links.push({ post_id: postId, ref_id: id, sort_order: seen.size - 1 });
      }
      if (kind === 'authors' && seen.size === 0) {
        links.push({ post_id: postId, ref_id: this.ownerId, sort_order: 0 });
        seen.add(this.ownerId);
        if (byPost.has(postId)) this.problems.add('Post', postId, 'None of its authors could be imported: the Owner is its author.');
      }
      linked.set(postId, [...seen]);
      if (links.length >= 2000) await this.tx.siteData.link(kind, links.splice(0));
    }
    await this.tx.siteData.link(kind, links);
    return linked;
  }

  private async settings(): Promise<void> {
    const entries: { key: string; value: string | null }[] = [];
    const ignored: string[] = [];
    for (const raw of this.kept.settings ?? []) {
      const key = String(raw.key);
      const target = SETTINGS_TAKEN[key];
      if (!target) {
        ignored.push(key);
        continue;
      }
      const given = raw.value === null || raw.value === undefined || raw.value === '' ? null : this.ctx.address(String(raw.value));
      let value: string | null;
      try {
        // the checks of PUT settings/: a value the settings API would refuse is not taken over
        value = parseSettingValue(target, given);
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        this.problems.add('Setting', key, `Not imported: ${error.message}`);
        continue;
      }
      entries.push({ key: target, value });
    }
    if (ignored.length) {
      this.problems.add(
        'Setting',
        ignored.slice(0, 200).join(', '),
        `${ignored.length} settings not imported: pressroom has no such setting, or it is the old site's secret or private to it.`,
      );
    }
    await this.tx.settings.set(entries, this.app.now());
    this.imported.settings = entries.length;
  }
}

async function* chunksOf(input: { data: Uint8Array } | { stream: ReadableStream<Uint8Array> }): AsyncGenerator<Uint8Array> {
  if ('data' in input) {
    yield input.data;
    return;
  }
  const reader = input.stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    reader.releaseLock();
  }
}

/** Writes the images that posts may name, after every record has passed; returns the paths written. */
async function saveImages(app: AppContext, images: Map<string, Uint8Array>, problems: Problems, written: string[]): Promise<void> {
  const store = app.options.files.images;
  for (const [path, data] of images) {
    try {
      const image = validateImage('image', path, contentTypeFor(path), data);
      // never replaced: removing what this import wrote after a failure must not remove anything older
      await store.save(path, image.data, { contentType: image.contentType, exclusive: true });
      written.push(path);
    } catch (error) {
      if (error instanceof FileExistsError) problems.add('Image', path, 'Not imported: an image exists already at this path.');
      else if (error instanceof ApiError || error instanceof InvalidPathError) problems.add('Image', path, `Not imported: ${error.message}`);
      else throw error;
    }
  }
}

const OBJECT_ID = /^[0-9a-f]{24}$/;

/** Ids as the file gives them where they are ObjectIds, as the APIs require; a new one, the same each time, for any other. */
function idsHere(): (fileId: string) => string {
  const given = new Map<string, string>();
  return (fileId) => {
    if (OBJECT_ID.test(fileId)) return fileId;
    let id = given.get(fileId);
    if (!id) given.set(fileId, (id = objectId()));
    return id;
  };
}

/** Valid JSON that is not an export (another app's file, a settings dump) is refused, not "imported 0 of everything". */
function assertExportShape(shape: { db: boolean; data: boolean }): void {
  if (shape.data) return;
  const missing = shape.db ? 'db[0].data is missing' : 'it has no "db" (nor a top-level "data")';
  throw validation(`This is not a Ghost export: ${missing}.`, { property: 'importfile' });
}

/** Imports a Ghost export into the site; the library entry point the `db/` route and the CLI share. */
export async function importGhost(app: AppContext, input: ImportInput, options: ImportOptions = {}): Promise<ImportResult> {
  let json: ImportInput = input;
  let images = new Map<string, Uint8Array>();
  const preProblems: ImportProblem[] = [];
  if ('data' in input && isZip(input.data)) {
    const archive = readArchive(input.data, app.options.limits.importBytes);
    json = { data: archive.json };
    images = archive.images;
    for (const name of archive.others.slice(0, 100))
      preProblems.push({ message: 'Not imported: only the export .json and content/images/… are read from a zip.', help: 'File', context: name });
  }
  const site = { url: app.options.url, imagesPath: app.options.imagesPath };
  const paths = new Set(images.keys());
  const address = (text: string) => fromPortable(text, site, paths);
  const total = 'data' in json ? json.data.length : (json.size ?? null);
  const owner = await app.storage.users.owner();
  if (!owner) throw validation('The site has no Owner yet: set it up before importing.');
  const written: string[] = [];
  try {
    return await write(
      app,
      async (tx) => {
        const importer = new Importer(tx, app, owner.id, { address, ids: idsHere(), now: app.now() }, options, total);
        for (const problem of preProblems) importer.problems.list.push(problem);
        const shape = await readExport(
          chunksOf(json),
          { meta: (value) => (importer.meta = value), rows: (table, rows) => importer.rows(table, rows) },
          (read) => (importer.bytesRead = read),
        );
        assertExportShape(shape);
        await importer.finish();
        await saveImages(app, images, importer.problems, written);
        importer.imported.images = written.length;
        return { imported: importer.imported, problems: importer.problems.done() };
      },
      () => [{ name: 'site.changed', kind: 'site' }],
    );
  } catch (error) {
    await Promise.all(written.map((path) => app.options.files.images.delete(path).catch(() => false)));
    throw error;
  }
}
