import type { FileStore } from './file-store';
import { MemoryFileStore } from './memory';

export interface FileStores {
  images: FileStore;
  themes: FileStore;
}

export const DEFAULT_UPLOAD_BYTES = 10 * 1024 * 1024;
export const DEFAULT_THEME_BYTES = 50 * 1024 * 1024;
export const DEFAULT_IMPORT_BYTES = 100 * 1024 * 1024;

const PATH_SEGMENT = /^[A-Za-z0-9._~-]+$/;

/** `imagesPath` as `/a/b`: absolute, no trailing slash, plain segments only. */
export function resolveImagesPath(value: string | undefined, name: string): string {
  const path = (value ?? '/content/images').replace(/\/+$/, '');
  const segments = path.split('/').slice(1);
  if (!path.startsWith('/') || segments.length === 0 || !segments.every((s) => PATH_SEGMENT.test(s) && s !== '.' && s !== '..')) {
    throw new TypeError(`pressroom: option imagesPath must be an absolute URL path like /content/images; got ${JSON.stringify(value)}`);
  }
  if (segments[0] === name) throw new TypeError(`pressroom: option imagesPath may not lie under the API prefix /${name}/`);
  return path;
}

export function resolveFileStores(files: Partial<FileStores> | undefined): FileStores {
  return { images: files?.images ?? new MemoryFileStore(), themes: files?.themes ?? new MemoryFileStore() };
}

export function resolveByteLimit(value: number | undefined, fallback: number, option: string): number {
  const limit = value ?? fallback;
  if (!Number.isInteger(limit) || limit <= 0) throw new TypeError(`pressroom: option ${option} must be a positive whole number of bytes`);
  return limit;
}
