// The whole site as a Ghost-format export (`{"db":[{"meta":…,"data":{…}}]}`), written table by table and
// posts a batch at a time as the reader pulls, so a large site is never held in memory at once.
import type { AppContext } from '../core/context';
import type { ExportedPost, ExportTable, ExportTables, PostLink, Stores } from '../storage/storage';
import { objectId } from '../util/ids';
import { POST_META_COLUMNS } from '../storage/site-data-rows';
import { POST_FIELDS } from '../resources/posts/fields';
import { EXPORT_FORMAT_VERSION, ghostBoolean, ghostDate, ghostSetting } from './format';
import { toPortable, type SiteAddress } from './urls';

/** How far an export or import has got; `total` is the number of posts and pages. */
export interface MigrationProgress {
  done: number;
  total: number;
}

export interface ExportOptions {
  /** Called after each batch of posts. */
  onProgress?: (progress: MigrationProgress) => void;
}

const BATCH = 500;
const encoder = new TextEncoder();

type Row = Record<string, unknown>;

function portableStrings(row: Row, site: SiteAddress): Row {
  for (const [key, value] of Object.entries(row)) if (typeof value === 'string') row[key] = toPortable(value, site);
  return row;
}

/** Who a post names as its creator, editor or publisher: a staff user of the file, else the Owner (an integration is not a user in Ghost). */
type Staff = (id: string | null) => string | null;

type PostsTableField = Extract<(typeof POST_FIELDS)[number], { ghost: 'posts' }>;

/** The fields of a post Ghost keeps in its `posts` table (lib/resources/posts/fields.ts), in the table's order. */
const POSTS_TABLE: readonly PostsTableField[] = POST_FIELDS.filter((field): field is PostsTableField => 'ghost' in field && field.ghost === 'posts');

/** Columns naming who created, edited and published a post: a staff user of the file (see Staff). */
const STAFF_COLUMNS = new Set(['created_by', 'updated_by', 'published_by']);

/** Columns of Ghost's `posts` table for features pressroom lacks, as a site without them exports them. */
const GHOST_ONLY_POST_COLUMNS: Row = { locale: null, email_recipient_filter: 'all', newsletter_id: null, show_title_and_feature_image: 1 };

// mobiledoc and lexical: one of the two is null, as in a Ghost 5 export (migrations/019)
function post(row: ExportedPost, by: Staff, site: SiteAddress): Row {
  const out: Row = {};
  for (const field of POSTS_TABLE) {
    const value = row[field.name];
    if (field.sql === 'boolean') out[field.name] = ghostBoolean(value as boolean);
    else if (field.sql === 'timestamptz') out[field.name] = ghostDate(value as Date | null);
    else if (STAFF_COLUMNS.has(field.name)) out[field.name] = 'notNull' in field ? by(value as string) : value && by(value as string);
    else out[field.name] = value;
  }
  return portableStrings(Object.assign(out, GHOST_ONLY_POST_COLUMNS), site);
}

function postMeta(row: ExportedPost, site: SiteAddress): Row | null {
  if (POST_META_COLUMNS.every((key) => row[key] === null)) return null;
  const meta: Row = { id: objectId(), post_id: row.id };
  for (const key of POST_META_COLUMNS) meta[key] = row[key];
  return portableStrings(Object.assign(meta, { frontmatter: null, email_only: 0 }), site);
}

function dated<T extends Row>(row: T, ownerId: string, site: SiteAddress): Row {
  const out: Row = { ...row };
  for (const key of ['created_at', 'updated_at', 'last_seen']) if (key in out) out[key] = ghostDate(out[key] as Date | null);
  out.created_by = ownerId;
  out.updated_by = ownerId;
  return portableStrings(out, site);
}

function link(row: PostLink, column: 'tag_id' | 'author_id'): Row {
  return { id: objectId(), post_id: row.post_id, [column]: row.ref_id, sort_order: row.sort_order };
}

async function* rowsOf<T extends ExportTable>(db: Stores, table: T): AsyncGenerator<ExportTables[T][]> {
  let after: string | null = null;
  for (;;) {
    const { rows, last }: { rows: ExportTables[T][]; last: string | null } = await db.siteData.exportRows(table, after, BATCH);
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < BATCH) return;
    after = last;
  }
}

function settingRow(key: string, value: string | null, updatedAt: Date): Row {
  const ghost = ghostSetting(key)!;
  const at = ghostDate(updatedAt);
  return { id: objectId(), group: ghost.group, key: ghost.key, value, type: ghost.type, flags: null, created_at: at, updated_at: at };
}

async function* chunks(app: AppContext, options: ExportOptions): AsyncGenerator<string> {
  const db = app.storage;
  const site = { url: app.options.url, imagesPath: app.options.imagesPath };
  const owner = await db.users.owner();
  const ownerId = owner?.id ?? '';
  const total = await db.siteData.count('posts');
  yield `{"db":[{"meta":${JSON.stringify({ exported_on: app.now().getTime(), version: EXPORT_FORMAT_VERSION })},"data":{`;

  let first = true;
  async function* table(name: string, rows: AsyncGenerator<Row[]>): AsyncGenerator<string> {
    yield `${first ? '' : ','}${JSON.stringify(name)}:[`;
    first = false;
    let count = 0;
    for await (const batch of rows) {
      if (batch.length === 0) continue;
      yield (count === 0 ? '' : ',') + batch.map((row) => JSON.stringify(row)).join(',');
      count += batch.length;
    }
    yield ']';
  }
  async function* mapped<T extends ExportTable>(name: T, map: (row: ExportTables[T]) => Row | null): AsyncGenerator<Row[]> {
    for await (const batch of rowsOf(db, name)) yield batch.map(map).filter((row): row is Row => row !== null);
  }

  yield* table(
    'roles',
    mapped('roles', (row) => dated(row as unknown as Row, ownerId, site)),
  );
  const staff = new Set<string>();
  yield* table(
    'users',
    mapped('users', (row) => {
      staff.add(row.id);
      return dated(row as unknown as Row, ownerId, site);
    }),
  );
  const by: Staff = (id) => (id && staff.has(id) ? id : ownerId);
  yield* table(
    'roles_users',
    mapped('roles_users', (row) => ({ id: objectId(), role_id: row.role_id, user_id: row.user_id })),
  );
  yield* table(
    'tags',
    mapped('tags', (row) => dated(row as unknown as Row, ownerId, site)),
  );
  let done = 0;
  yield* table(
    'posts',
    (async function* () {
      for await (const batch of rowsOf(db, 'posts')) {
        yield batch.map((row) => post(row, by, site));
        done += batch.length;
        options.onProgress?.({ done, total });
      }
    })(),
  );
  yield* table(
    'posts_meta',
    mapped('posts', (row) => postMeta(row, site)),
  );
  yield* table(
    'posts_tags',
    mapped('posts_tags', (row) => link(row, 'tag_id')),
  );
  yield* table(
    'posts_authors',
    mapped('posts_authors', (row) => link(row, 'author_id')),
  );
  const settings = await db.settings.all();
  const now = app.now();
  const rows = [...settings].filter(([key]) => ghostSetting(key) !== undefined).map(([key, value]) => portableStrings(settingRow(key, value, now), site));
  yield* table(
    'settings',
    (async function* () {
      yield rows;
    })(),
  );
  yield '}}]}';
  if (total === 0) options.onProgress?.({ done, total });
}

/** The site as a Ghost-format export, as a stream of UTF-8 bytes: no password hashes, keys or sessions. */
export function exportGhost(app: AppContext, options: ExportOptions = {}): ReadableStream<Uint8Array> {
  const source = chunks(app, options);
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const next = await source.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value));
      },
      async cancel() {
        await source.return(undefined);
      },
    },
    { highWaterMark: 0 },
  );
}
