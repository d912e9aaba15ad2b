// Where a site's files live, from --data: the folder given for the site, laid out as Ghost's content/
// folder (data/ the embedded database, images/, themes/, the credentials file). pressroom writes only
// inside it, creates it (mode 700) when missing, and never changes the mode of, or writes into, a folder
// it did not create — above all not the parent of --data, which may be /var/lib or a home folder.
import { mkdir, readdir, rename, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { DataDirError, dataDirFailure } from '../storage/data-dir';
import { CREDENTIALS_FILE } from './credentials';

/** What a site's folder may hold besides hidden files (and a file system's lost+found). */
const SITE_ENTRIES = new Set(['data', 'images', 'themes', CREDENTIALS_FILE, 'lost+found']);

export interface SiteLayout {
  /** The folder --data names. */
  root: string;
  /** The embedded database's directory. */
  database: string;
  images: string;
  themes: string;
  credentialsFile: string;
  /** Said once at start: a site of an earlier layout, and what was done about it. */
  notices: string[];
}

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );

/**
 * The layout of the site in `data`. Sites made by earlier versions keep working: where --data itself is
 * an embedded database (they took --data for the database and kept the rest in its parent), its files
 * are used where they are, with a notice naming the --data that means the same files in this layout;
 * with a PostgreSQL database, a credentials file found in the parent is moved into the site folder.
 */
export async function siteLayout(data: string, embedded: boolean): Promise<SiteLayout> {
  const root = resolve(data);
  const parent = dirname(root);
  if (embedded && (await exists(join(root, 'PG_VERSION')))) {
    return {
      root,
      database: root,
      images: join(parent, 'images'),
      themes: join(parent, 'themes'),
      credentialsFile: join(parent, CREDENTIALS_FILE),
      notices: [
        `${root} is a database of the earlier layout, whose credentials file and uploads are in ${parent}; they are used where they are. ` +
          `\`--data ${parent}\` names the same files in the current layout (database in ${join(parent, 'data')}).`,
      ],
    };
  }
  await refuseForeign(root);
  const layout: SiteLayout = {
    root,
    database: join(root, 'data'),
    images: join(root, 'images'),
    themes: join(root, 'themes'),
    credentialsFile: join(root, CREDENTIALS_FILE),
    notices: [],
  };
  const old = join(parent, CREDENTIALS_FILE);
  if (!embedded && !(await exists(layout.credentialsFile)) && (await exists(old))) {
    await ensureSiteFolder(root);
    await rename(old, layout.credentialsFile);
    layout.notices.push(`Moved ${old} to ${layout.credentialsFile}: the site's files now live in the folder --data names.`);
  }
  return layout;
}

/** A folder that holds other things than a site's is someone else's: refused before anything is written. */
async function refuseForeign(root: string): Promise<void> {
  let entries: string[];
  try {
    entries = await readdir(root);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw dataDirFailure(root, error);
  }
  const others = entries.filter((entry) => !entry.startsWith('.') && !SITE_ENTRIES.has(entry) && !entry.startsWith(`${CREDENTIALS_FILE}.`));
  if (others.length > 0) {
    throw new DataDirError(
      `Cannot use the data directory ${root}: it holds other files (${others.slice(0, 3).join(', ')}${others.length > 3 ? ', …' : ''}) ` +
        `and no site. Choose an empty or new directory.`,
      root,
    );
  }
}

/** Creates the site folder (mode 700, whatever the umask) if it is missing; an existing one keeps its mode. */
export async function ensureSiteFolder(root: string): Promise<void> {
  if (await exists(root)) return;
  await mkdir(root, { recursive: true, mode: 0o700 });
}
