// Node only: the core never imports this file; `pressroom serve` and Node hosts pass it in.
import { createReadStream } from 'node:fs';
import { constants, copyFile, link, mkdir, rename, rmdir, stat, unlink, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import { randomBytes } from 'node:crypto';
import { type ByteRange, FileExistsError, type FileStore, InvalidPathError, type SaveOptions, type StoredFile, assertStorePath } from './file-store';
import { contentTypeFor } from './media-types';

// Files being written are named like this, so that no reader ever sees half a file under its real name.
const TEMP_PREFIX = '.pressroom-';

function code(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | null)?.code;
}

/** Files under one directory on disk (`./content/images`, `./content/themes` for `pressroom serve`). */
export class DirectoryFileStore implements FileStore {
  readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  private locate(path: string): string {
    assertStorePath(path);
    if (path.split('/').some((segment) => segment.startsWith(TEMP_PREFIX))) throw new InvalidPathError(path);
    const full = join(this.root, ...path.split('/'));
    if (!full.startsWith(this.root + sep)) throw new InvalidPathError(path);
    return full;
  }

  async save(path: string, data: Uint8Array, options: SaveOptions): Promise<void> {
    const full = this.locate(path);
    const temp = join(dirname(full), `${TEMP_PREFIX}${randomBytes(8).toString('hex')}.tmp`);
    await this.writeTemp(temp, data);
    try {
      if (!options.exclusive) {
        await rename(temp, full); // atomic replacement: readers see the old file or the new one
        return;
      }
      await this.claim(temp, full, path);
    } finally {
      await unlink(temp).catch(() => {});
    }
  }

  private async writeTemp(temp: string, data: Uint8Array): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      await mkdir(dirname(temp), { recursive: true });
      try {
        await writeFile(temp, data, { flag: 'wx' });
        return;
      } catch (error) {
        // a concurrent delete may prune the directory between mkdir and the write
        if (code(error) !== 'ENOENT' || attempt > 2) throw error;
      }
    }
  }

  /** Publishes the finished temp file under `full` only if nothing is there: link(2) fails atomically if it is. */
  private async claim(temp: string, full: string, path: string): Promise<void> {
    try {
      await link(temp, full);
    } catch (error) {
      if (code(error) === 'EEXIST') throw new FileExistsError(path);
      if (!['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'EXDEV', 'ENOSYS'].includes(code(error) ?? '')) throw error;
      // file systems without hard links: an exclusive copy still lets only one writer win
      try {
        await copyFile(temp, full, constants.COPYFILE_EXCL);
      } catch (copyError) {
        if (code(copyError) === 'EEXIST') throw new FileExistsError(path);
        throw copyError;
      }
    }
  }

  async read(path: string): Promise<StoredFile | null> {
    const full = this.locate(path);
    let info;
    try {
      info = await stat(full);
    } catch (error) {
      if (code(error) === 'ENOENT' || code(error) === 'ENOTDIR') return null;
      throw error;
    }
    if (!info.isFile()) return null;
    return {
      size: info.size,
      contentType: contentTypeFor(path),
      modifiedAt: info.mtime,
      // stored files are never rewritten in place, so size and time identify the content
      etag: `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`,
      stream: (range?: ByteRange) =>
        Readable.toWeb(createReadStream(full, range ? { start: range.start, end: range.end } : {})) as unknown as ReadableStream<Uint8Array>,
    };
  }

  async delete(path: string): Promise<boolean> {
    const full = this.locate(path);
    try {
      await unlink(full);
    } catch (error) {
      if (code(error) === 'ENOENT' || code(error) === 'ENOTDIR') return false;
      throw error;
    }
    await this.pruneEmpty(dirname(full));
    return true;
  }

  /** Removes directories left empty, up to the root; stops at the first that still holds something. */
  private async pruneEmpty(dir: string): Promise<void> {
    while (dir.startsWith(this.root + sep)) {
      try {
        await rmdir(dir);
      } catch {
        return;
      }
      dir = dirname(dir);
    }
  }

  async exists(path: string): Promise<boolean> {
    const full = this.locate(path);
    try {
      return (await stat(full)).isFile();
    } catch {
      return false;
    }
  }
}
