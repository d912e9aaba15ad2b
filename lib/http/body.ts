import { concatBytes } from '../util/bytes';
import { ApiError, badRequest } from '../core/errors';
import type { RequestHead } from '../core/head';

export const DEFAULT_JSON_LIMIT = 10 * 1024 * 1024;

function tooLarge(limit: number): ApiError {
  return new ApiError('RequestEntityTooLargeError', `Request body is larger than the limit of ${limit} bytes.`);
}

/**
 * Reads the body as text, refusing it as soon as it passes `limit` bytes, so a huge body is never held
 * in memory; a declared Content-Length over the limit is refused before reading anything.
 */
export async function readText(request: RequestHead, limit: number): Promise<string> {
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limit) throw tooLarge(limit);
  const body = request.body();
  if (!body) return '';
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    let chunk: ReadableStreamReadResult<Uint8Array>;
    try {
      chunk = await reader.read();
    } catch (error) {
      // the client went away mid-body, or sent broken chunked framing: its mistake, not ours
      throw badRequest('The request body could not be read.', { context: (error as Error).message });
    }
    const { done, value } = chunk;
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      throw tooLarge(limit);
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(concatBytes(chunks));
}

export function isJsonContentType(request: Pick<RequestHead, 'headers'>): boolean {
  const type = request.headers.get('content-type');
  if (!type) return false;
  const essence = type.split(';')[0].trim().toLowerCase();
  return essence === 'application/json' || (essence.startsWith('application/') && essence.endsWith('+json'));
}

/** The parsed JSON body; the rules of reference-behaviour §2 for content type, size and syntax. */
export async function readJson(request: RequestHead, limit = DEFAULT_JSON_LIMIT): Promise<unknown> {
  const text = await readText(request, limit);
  // an empty body is not a syntax error: the resource's validation says which root key is missing
  if (text.trim() === '') return undefined;
  if (!isJsonContentType(request)) {
    throw new ApiError('UnsupportedMediaTypeError', 'Request bodies must be sent with Content-Type: application/json.', {
      context: `Content-Type was ${JSON.stringify(request.headers.get('content-type') ?? '')}.`,
    });
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw badRequest('Request body is not valid JSON.', { context: (error as Error).message });
  }
  // only an escaped \u0000 can put NUL in a string (a raw one is a syntax error); PostgreSQL text cannot hold it
  if (/\\u0000/i.test(text) && holdsNul(value)) {
    throw badRequest('Request body contains a NUL character (\\u0000), which cannot be stored.', { code: 'NUL_IN_BODY' });
  }
  return value;
}

function holdsNul(value: unknown): boolean {
  const stack = [value];
  while (stack.length) {
    const item = stack.pop();
    if (typeof item === 'string') {
      if (item.includes('\0')) return true;
    } else if (item && typeof item === 'object') {
      for (const [key, child] of Object.entries(item)) {
        if (key.includes('\0')) return true;
        stack.push(child);
      }
    }
  }
  return false;
}
