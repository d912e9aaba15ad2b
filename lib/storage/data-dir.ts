// Node only: the embedded database's directory on disk — one process at a time, private to its owner.
// PGlite cannot see another process (its locks live in its own memory), and writes its files 0666
// whatever the umask; both are made good here, around the open and the close of the database.
import { chmod, link, lstat, mkdir, open, readdir, readFile, stat, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** The lock file inside the data directory, holding the PID of the process that has the database open. */
export const LOCK_FILE = 'pressroom.lock';
/** Held only for the moment of removing a dead process's lock, so that two processes never both take it over. */
const TAKEOVER_FILE = 'pressroom.lock.takeover';
/** A takeover file older than this was left by a process killed in that moment. */
const TAKEOVER_STALE_MS = 10_000;

/** A data directory that cannot be used; the message names the path and the cause. */
export class DataDirError extends Error {
  constructor(
    message: string,
    readonly path: string,
  ) {
    super(message);
    this.name = 'DataDirError';
  }
}

/** Another live process has the data directory open. */
export class DataDirLockedError extends DataDirError {
  constructor(
    path: string,
    readonly pid: number,
  ) {
    super(
      pid === process.pid
        ? `The data directory ${path} is already open in this process (PID ${pid}).`
        : `The data directory ${path} is in use by process ${pid}; stop that process first. ` +
            `(If no such process is running pressroom, remove ${join(path, LOCK_FILE)}.)`,
      path,
    );
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLock {
  release(): Promise<void>;
}

const code = (error: unknown): string | undefined => (error as NodeJS.ErrnoException | null)?.code;

const CAUSES: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EROFS: 'read-only file system',
  ENOTDIR: 'a part of the path is a file, not a directory',
  ENOSPC: 'no space left on the device',
  EEXIST: 'a file of that name exists',
};

/** A file-system failure as a DataDirError naming the path and, in words, the cause. */
export function dataDirFailure(path: string, error: unknown, doing = 'use'): DataDirError {
  const errno = code(error);
  const cause = (errno && CAUSES[errno]) ?? (error as Error).message;
  return new DataDirError(`Cannot ${doing} the data directory ${path}: ${cause}${errno ? ` (${errno})` : ''}.`, path);
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else
    return code(error) === 'EPERM';
  }
}

async function holderOf(file: string): Promise<number | null> {
  try {
    const pid = Number.parseInt((await readFile(file, 'utf8')).trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : 0;
  } catch (error) {
    if (code(error) === 'ENOENT') return null;
    throw error;
  }
}

async function createExclusive(file: string, content: string): Promise<boolean> {
  let handle;
  try {
    handle = await open(file, 'wx', 0o600);
  } catch (error) {
    if (code(error) === 'EEXIST') return false;
    throw error;
  }
  try {
    await handle.writeFile(content);
    await handle.sync();
  } finally {
    await handle.close();
  }
  return true;
}

/** Publishes a lock whole: written under a name of its own, then linked, which fails if a lock exists. */
async function createLock(lock: string, content: string): Promise<boolean> {
  const temp = `${lock}.${process.pid}-${Math.random().toString(36).slice(2)}.tmp`;
  await writeFile(temp, content, { mode: 0o600 });
  try {
    await link(temp, lock);
    return true;
  } catch (error) {
    if (code(error) === 'EEXIST') return false;
    throw error;
  } finally {
    await unlink(temp).catch(() => {});
  }
}

/**
 * Removes the lock of a dead process, under the takeover file: only its holder unlinks a lock, and
 * a lock is only created where none exists, so the file removed is the dead one, never a fresh lock.
 */
async function removeStaleLock(dir: string, lock: string, stalePid: number): Promise<void> {
  const takeover = join(dir, TAKEOVER_FILE);
  if (!(await createExclusive(takeover, `${process.pid}\n`))) {
    const since = await stat(takeover).then(
      (s) => Date.now() - s.mtimeMs,
      () => 0,
    );
    if (since > TAKEOVER_STALE_MS) await unlink(takeover).catch(() => {});
    await new Promise((resolve) => setTimeout(resolve, 25));
    return;
  }
  try {
    const holder = await holderOf(lock);
    if (holder === stalePid) await unlink(lock).catch((error) => (code(error) === 'ENOENT' ? undefined : Promise.reject(error)));
  } finally {
    await unlink(takeover).catch(() => {});
  }
}

/**
 * Takes the data directory for this process: creates `pressroom.lock` holding its PID, or refuses
 * with the PID of the live process that holds it. A lock left by a process that died (even by
 * `kill -9`) is taken over.
 */
export async function lockDataDir(dir: string): Promise<DataDirLock> {
  const lock = join(dir, LOCK_FILE);
  const content = `${process.pid}\n`;
  for (let attempt = 0; attempt < 200; attempt++) {
    let created: boolean;
    try {
      created = await createLock(lock, content);
    } catch (error) {
      throw dataDirFailure(dir, error, 'write to');
    }
    if (created) {
      let released = false;
      return {
        async release() {
          if (released) return;
          released = true;
          // only our own lock: never one another process took over after ours was removed by hand
          if ((await holderOf(lock).catch(() => null)) === process.pid) await unlink(lock).catch(() => {});
        },
      };
    }
    const holder = await holderOf(lock);
    if (holder === null) continue; // released meanwhile
    // 0: a lock that does not hold a PID (locks appear whole, so no live process wrote it)
    if (holder > 0 && alive(holder)) throw new DataDirLockedError(dir, holder);
    await removeStaleLock(dir, lock, holder);
  }
  throw new DataDirError(`Could not take the lock ${lock}: other processes keep taking it.`, dir);
}

/**
 * Checks that `dir` is a directory this service may use, creating it (0700) if it is missing:
 * it must be a directory, writable, and either empty or an embedded database's.
 */
export async function prepareDataDir(dir: string): Promise<{ existing: boolean }> {
  let info;
  try {
    info = await stat(dir);
  } catch (error) {
    if (code(error) !== 'ENOENT') throw dataDirFailure(dir, error);
    try {
      await mkdir(dir, { recursive: true, mode: 0o700 });
    } catch (mkdirError) {
      throw dataDirFailure(dir, mkdirError, 'create');
    }
    return { existing: false };
  }
  if (!info.isDirectory()) throw new DataDirError(`Cannot use the data directory ${dir}: it is a file, not a directory.`, dir);
  let entries: string[];
  try {
    entries = await readdir(dir);
  } catch (error) {
    throw dataDirFailure(dir, error, 'read');
  }
  const others = entries.filter((entry) => !entry.startsWith(LOCK_FILE));
  if (others.length > 0 && !entries.includes('PG_VERSION')) {
    throw new DataDirError(
      `Cannot use the data directory ${dir}: it holds other files (${others.slice(0, 3).join(', ')}${others.length > 3 ? ', …' : ''}) ` +
        `and no database. Choose an empty or new directory.`,
      dir,
    );
  }
  return { existing: others.length > 0 };
}

/**
 * Takes group and other permissions off `dir` and everything under it. Returns how many entries
 * were wider than that. Entries that vanish meanwhile (a recycled WAL segment) are skipped.
 */
export async function narrowModes(dir: string): Promise<number> {
  let narrowed = 0;
  const visit = async (path: string): Promise<void> => {
    let info;
    try {
      info = await lstat(path);
    } catch {
      return;
    }
    if (info.isSymbolicLink()) return;
    if ((info.mode & 0o077) !== 0) {
      await chmod(path, info.mode & 0o700).catch(() => {});
      narrowed++;
    }
    if (!info.isDirectory()) return;
    const entries = await readdir(path).catch(() => [] as string[]);
    for (const entry of entries) await visit(join(path, entry));
  };
  await visit(dir);
  return narrowed;
}
