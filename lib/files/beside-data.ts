// Node only: where uploads go by default when the embedded database lives in a directory.
import { dirname, join, resolve } from 'node:path';
import { DirectoryFileStore } from './directory';
import type { FileStores } from './options';

/** `images` and `themes` folders in the data directory's parent: `./content/data` → `./content/images`. */
export function directoryStoresBeside(dataDir: string): FileStores {
  const parent = dirname(resolve(dataDir));
  return { images: new DirectoryFileStore(join(parent, 'images')), themes: new DirectoryFileStore(join(parent, 'themes')) };
}
