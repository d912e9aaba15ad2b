import { bodiless, type Answer, type HeaderRecord } from '../core/answer';
import { matchesIfNoneMatch } from '../core/etag';
import type { RequestHead } from '../core/head';
import { ApiError, notFound } from '../core/errors';
import { type ByteRange, type FileStore, InvalidPathError, isStorePath } from './file-store';
import { contentTypeFor } from './media-types';

// Stored names are never reused for different content (uploads pick a fresh name), so caches may keep them for good.
const CACHE_CONTROL = 'public, max-age=31536000, immutable';
// An SVG opened directly is a document: whatever the sanitiser missed may not run script or load anything.
const SVG_POLICY = "default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox";

function decodePath(relative: string): string | null {
  try {
    return relative.split('/').map(decodeURIComponent).join('/');
  } catch {
    return null;
  }
}

function notModified(request: Pick<RequestHead, 'headers'>, etag: string, modifiedAt: Date | undefined): boolean {
  const ifNoneMatch = request.headers.get('if-none-match');
  if (ifNoneMatch !== null) return matchesIfNoneMatch(ifNoneMatch, etag);
  const since = Date.parse(request.headers.get('if-modified-since') ?? '');
  return modifiedAt !== undefined && Number.isFinite(since) && Math.floor(modifiedAt.getTime() / 1000) * 1000 <= since;
}

/** Whether a Range header should be honoured: an If-Range naming another version means "send it all". */
function rangeApplies(request: Pick<RequestHead, 'headers'>, etag: string, lastModified: string | null): boolean {
  const ifRange = request.headers.get('if-range');
  if (ifRange === null) return true;
  const value = ifRange.trim();
  if (value.startsWith('"')) return value === etag;
  return lastModified !== null && value === lastModified;
}

/** One satisfiable range, 'unsatisfiable', or null to serve the whole file (absent, malformed or multi-range). */
export function parseRange(header: string | null, size: number): ByteRange | 'unsatisfiable' | null {
  if (header === null) return null;
  const match = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!match || (match[1] === '' && match[2] === '')) return null;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (match[2] !== '' && Number(match[2]) < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}

/** A store may refuse names it keeps for itself (a directory store's temp files): to a client they do not exist. */
async function readOrNull(store: FileStore, path: string) {
  try {
    return await store.read(path);
  } catch (error) {
    if (error instanceof InvalidPathError) return null;
    throw error;
  }
}

/**
 * GET/HEAD of an uploaded file: validators, long caching, byte ranges, and nosniff so browsers trust the type.
 * `contentType` overrides the type the name implies (a WebP variant keeps its original's `.jpg` name).
 */
export async function serveFile(request: Pick<RequestHead, 'method' | 'headers'>, store: FileStore, relative: string, contentType?: string): Promise<Answer> {
  const method = request.method.toUpperCase();
  if (method !== 'GET' && method !== 'HEAD') {
    throw new ApiError('MethodNotAllowedError', `Method ${method.slice(0, 20)} is not allowed here.`, { headers: { allow: 'GET, HEAD' } });
  }
  const path = decodePath(relative);
  if (path === null || !isStorePath(path)) throw notFound('File not found.');
  const file = await readOrNull(store, path);
  if (!file) throw notFound('File not found.');

  const byExtension = contentTypeFor(path);
  contentType ??= byExtension === 'application/octet-stream' ? file.contentType : byExtension;
  const etag = file.etag ?? `"${file.size.toString(16)}-${(file.modifiedAt?.getTime() ?? 0).toString(16)}"`;
  const lastModified = file.modifiedAt ? file.modifiedAt.toUTCString() : null;
  const headers: HeaderRecord = {
    'content-type': contentType,
    etag,
    'cache-control': CACHE_CONTROL,
    'x-content-type-options': 'nosniff',
    'accept-ranges': 'bytes',
  };
  if (lastModified) headers['last-modified'] = lastModified;
  if (contentType.startsWith('image/svg+xml')) headers['content-security-policy'] = SVG_POLICY;

  if (notModified(request, etag, file.modifiedAt)) return bodiless(304, headers);

  const range = rangeApplies(request, etag, lastModified) ? parseRange(request.headers.get('range'), file.size) : null;
  if (range === 'unsatisfiable') {
    headers['content-range'] = `bytes */${file.size}`;
    delete headers['content-type'];
    return bodiless(416, headers);
  }
  if (range) {
    headers['content-range'] = `bytes ${range.start}-${range.end}/${file.size}`;
    headers['content-length'] = String(range.end - range.start + 1);
    if (method === 'HEAD') return bodiless(206, headers);
    return { status: 206, headers, body: file.bytes ? file.bytes(range) : file.stream(range) };
  }
  headers['content-length'] = String(file.size);
  if (method === 'HEAD' || file.size === 0) return bodiless(200, headers);
  return { status: 200, headers, body: file.bytes ? file.bytes() : file.stream() };
}
