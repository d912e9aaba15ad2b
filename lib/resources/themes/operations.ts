import type { Actor, AppContext } from '../../core/context';
import { ApiError, notFound, validation } from '../../core/errors';
import type { FileStore } from '../../files/file-store';
import { contentTypeFor, extensionOf } from '../../files/media-types';
import type { UploadedFile } from '../../files/multipart';
import { type ZipEntry, ZipError, readZip } from '../../files/zip';
import type { Stores } from '../../storage/storage';
import { write } from '../shared/write';
import { recordActions } from '../../events/actions';
import { themeEntries } from '../shared/action-entries';
import { DEFAULT_THEME_FILES, DEFAULT_THEME_NAME } from './default-theme';
import { themeView, type ThemeView } from './serialize';
import { THEME_NAME, type ThemeProblem, checkTheme, themeNameFrom } from './validate';

export const MAX_THEME_ENTRIES = 10_000;
const ZIP_TYPES = ['application/zip', 'application/x-zip-compressed', 'application/x-zip', 'multipart/x-zip', 'application/octet-stream'];
// Problems listed in one error; an archive of ten thousand bad entries needs no longer list.
const MAX_LISTED = 100;

interface Theme {
  name: string;
  package: Record<string, unknown>;
  files: string[];
}

const defaultTheme: Theme = {
  name: DEFAULT_THEME_NAME,
  package: JSON.parse(DEFAULT_THEME_FILES['package.json']) as Record<string, unknown>,
  files: Object.keys(DEFAULT_THEME_FILES),
};

async function findTheme(tx: Stores, name: string, forUpdate = false): Promise<Theme | null> {
  if (name === DEFAULT_THEME_NAME) return defaultTheme;
  if (!THEME_NAME.test(name)) return null;
  return tx.themes.find(name, forUpdate);
}

// Replacing or deleting one theme's files is serialised per store and name, so two uploads of one
// theme cannot interleave their writes and prunes.
const locks = new WeakMap<FileStore, Map<string, Promise<unknown>>>();

async function exclusively<T>(store: FileStore, name: string, work: () => Promise<T>): Promise<T> {
  let queue = locks.get(store);
  if (!queue) locks.set(store, (queue = new Map()));
  const run = (queue.get(name) ?? Promise.resolve()).then(work);
  const settled = run.catch(() => undefined);
  queue.set(name, settled);
  try {
    return await run;
  } finally {
    if (queue.get(name) === settled) queue.delete(name);
  }
}

function invalidTheme(name: string, problems: ThemeProblem[]): ApiError {
  const more = problems.length > 1 ? ` (and ${problems.length - 1} more problem${problems.length > 2 ? 's' : ''})` : '';
  return new ApiError('ThemeValidationError', `Theme ${name} is not valid: ${problems[0].message}${more}`, {
    context: problems
      .slice(0, 5)
      .map((p) => p.message)
      .join(' '),
    details: { name, errors: problems.slice(0, MAX_LISTED), total: problems.length },
  });
}

function assertZip(file: UploadedFile): void {
  const magic = file.data.length >= 4 && file.data[0] === 0x50 && file.data[1] === 0x4b && (file.data[2] === 3 || file.data[2] === 5);
  const problem =
    extensionOf(file.filename) !== 'zip'
      ? `The file ${JSON.stringify(file.filename.slice(0, 100))} does not end in .zip.`
      : !ZIP_TYPES.includes(file.mimeType.split(';')[0].trim())
        ? `The file was sent as ${file.mimeType || 'no type'}, not application/zip.`
        : !magic
          ? 'The content of the file is not a zip archive.'
          : null;
  if (problem) throw new ApiError('UnsupportedMediaTypeError', 'A theme must be uploaded as a zip file.', { context: problem, property: 'file' });
}

function unpack(name: string, file: UploadedFile, maxBytes: number): { files: ZipEntry[]; package: Record<string, unknown> } {
  let entries: ZipEntry[];
  try {
    entries = readZip(file.data, { maxEntries: MAX_THEME_ENTRIES, maxBytes });
  } catch (error) {
    if (error instanceof ZipError)
      throw invalidTheme(
        name,
        error.problems.map((p) => ({ code: p.code, message: p.message, file: p.entry })),
      );
    throw error;
  }
  const theme = checkTheme(entries);
  if (theme.problems.length > 0 || !theme.package) throw invalidTheme(name, theme.problems);
  return { files: theme.files, package: theme.package };
}

async function activeName(tx: Stores): Promise<string | null> {
  return (await tx.settings.get('active_theme')) ?? null;
}

/**
 * Installs a theme zip under the name of its file, replacing a theme of that name. Everything is
 * checked before anything is written; the files go to the themes store, the listing to storage.
 */
export async function uploadTheme(app: AppContext, file: UploadedFile, actor: Actor | null = null): Promise<ThemeView> {
  assertZip(file);
  const name = themeNameFrom(file.filename);
  if (!THEME_NAME.test(name)) throw validation('The zip file name must contain letters or digits: it names the theme.', { property: 'file' });
  if (name === DEFAULT_THEME_NAME) {
    throw validation(`The default theme ${DEFAULT_THEME_NAME} cannot be replaced; rename the zip file.`, { property: 'file' });
  }
  const theme = unpack(name, file, app.options.limits.themeBytes);
  const store = app.options.files.themes;

  return exclusively(store, name, async () => {
    const previous = await app.storage.themes.find(name);
    for (const entry of theme.files) {
      await store.save(`${name}/${entry.name}`, entry.data, { contentType: contentTypeFor(entry.name) });
    }
    const now = app.now();
    const files = theme.files.map((e) => e.name);
    const size = theme.files.reduce((sum, e) => sum + e.data.byteLength, 0);
    const { active } = await write(
      app,
      async (tx) => {
        await tx.themes.save({ name, package: theme.package, files, size, created_at: now, updated_at: now });
        await recordActions(tx, app, actor, themeEntries(previous ? 'edited' : 'added', { name }));
        return { active: (await activeName(tx)) === name };
      },
      // the site's look changed under its visitors
      (change) => (change.active ? [{ name: 'site.changed', kind: 'site' }] : []),
    );
    const kept = new Set(files);
    for (const stale of previous?.files ?? []) if (!kept.has(stale)) await store.delete(`${name}/${stale}`);
    return themeView(name, theme.package, files, active);
  });
}

export async function browseThemes(app: AppContext): Promise<ThemeView[]> {
  const [rows, active] = await Promise.all([app.storage.themes.all(), activeName(app.storage)]);
  return [defaultTheme, ...rows].sort((a, b) => a.name.localeCompare(b.name)).map((t) => themeView(t.name, t.package, t.files, t.name === active));
}

/** Makes a theme the active one: a setting, so it holds across restarts and instances; fires `site.changed`. */
export async function activateTheme(app: AppContext, name: string, actor: Actor | null = null): Promise<ThemeView> {
  const theme = await write(
    app,
    async (tx) => {
      const found = await findTheme(tx, name, true);
      if (!found) throw validation(`Theme ${name.slice(0, 100)} cannot be activated because it is not installed.`, { property: 'name' });
      await tx.settings.set([{ key: 'active_theme', value: found.name }], app.now());
      await recordActions(tx, app, actor, themeEntries('edited', found, { action: 'activated' }));
      return found;
    },
    () => [{ name: 'site.changed', kind: 'site' }],
  );
  return themeView(theme.name, theme.package, theme.files, true);
}

export async function deleteTheme(app: AppContext, name: string, actor: Actor | null = null): Promise<void> {
  if (name === DEFAULT_THEME_NAME) throw validation(`The default theme ${DEFAULT_THEME_NAME} cannot be deleted.`, { property: 'name' });
  const store = app.options.files.themes;
  await exclusively(store, name, async () => {
    const theme = await write(
      app,
      async (tx) => {
        // locked first, so an activation of this theme either finishes before the check below or finds it gone
        const found = await findTheme(tx, name, true);
        if (!found) throw notFound('Theme not found.');
        if ((await activeName(tx)) === name) throw validation('The active theme cannot be deleted; activate another theme first.', { property: 'name' });
        await tx.themes.delete(name);
        await recordActions(tx, app, actor, themeEntries('deleted', found));
        return found;
      },
      () => [],
    );
    for (const path of theme.files) await store.delete(`${name}/${path}`);
  });
}
