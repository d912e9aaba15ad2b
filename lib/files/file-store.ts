/**
 * Where uploaded images and theme files live. pressroom ships an in-memory store and a directory store;
 * a host can pass any other (object storage, a CDN origin…) through `createService({ files })`.
 * Paths are relative, `/`-separated, and already checked by `assertStorePath`.
 */

export interface FileInfo {
  /** Size in bytes. */
  size: number;
  contentType: string;
  /** When the file was stored, for Last-Modified. */
  modifiedAt?: Date;
  /** A strong validator of the content (quoted, as in an ETag header), when the store keeps one. */
  etag?: string;
}

export interface ByteRange {
  /** First byte, inclusive. */
  start: number;
  /** Last byte, inclusive. */
  end: number;
}

export interface StoredFile extends FileInfo {
  /** The content, or the bytes of `range` only; each call opens a fresh stream. */
  stream(range?: ByteRange): ReadableStream<Uint8Array>;
  /**
   * The content (or the bytes of `range`) at once, for stores that hold it in memory anyway: served
   * without a stream, which for small files is most of the cost. Callers do not modify it.
   */
  bytes?(range?: ByteRange): Uint8Array<ArrayBuffer>;
}

export interface SaveOptions {
  contentType: string;
  /**
   * Refuse with `FileExistsError` when the path is taken instead of replacing the file. Of several
   * concurrent exclusive saves to one path exactly one succeeds: uploads rely on it to pick unique names.
   */
  exclusive?: boolean;
}

export interface FileStore {
  save(path: string, data: Uint8Array, options: SaveOptions): Promise<void>;
  /** The file, or null when there is none at `path`. */
  read(path: string): Promise<StoredFile | null>;
  /** Whether a file was there to delete. */
  delete(path: string): Promise<boolean>;
  exists(path: string): Promise<boolean>;
}

export class FileExistsError extends Error {
  constructor(readonly path: string) {
    super(`A file already exists at ${path}`);
    this.name = 'FileExistsError';
  }
}

export class InvalidPathError extends Error {
  constructor(readonly path: string) {
    super(`Not a valid file path: ${JSON.stringify(path.slice(0, 200))}`);
    this.name = 'InvalidPathError';
  }
}

// Control characters, backslashes and colons have no place in stored names and mean something to some file systems.
const FORBIDDEN = /[\u0000-\u001f\u007f\\:]/;

/** Whether `path` is a plain relative path that cannot climb out of the store. */
export function isStorePath(path: string): boolean {
  if (path === '' || path.length > 1024 || FORBIDDEN.test(path)) return false;
  return path.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..');
}

export function assertStorePath(path: string): void {
  if (!isStorePath(path)) throw new InvalidPathError(path);
}
