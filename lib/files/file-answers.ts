import { entryAnswers, type EntryAnswers, type HeaderReader, type WireAnswer } from '../http/wire-answer';
import { etagMatches } from './serve';

// Small files only, and not many: what is kept is a hot image's whole answer
const MAX_FILE_BYTES = 1024 * 1024;
const MAX_TOTAL_BYTES = 32 * 1024 * 1024;
// a file deleted by a host (deleteImage) or on another instance is still answered from here this long
const KEEP_MS = 60_000;

interface Kept {
  etag: string;
  answers: EntryAnswers;
  until: number;
}

/**
 * Answers to GETs of image files the full way has just served, kept so that the next request for the
 * same path is answered from the socket writer's fast path (`ANSWER_CACHE_HIT`) without a Request or a
 * Response. Stored files are never rewritten in place (new uploads take new names, variants are made
 * once), so an answer stays right; `KEEP_MS` bounds how long a deleted file's answer outlives it.
 */
export class FileAnswers {
  private readonly kept = new Map<string, Kept>();
  private bytes = 0;

  constructor(private readonly now: () => number = Date.now) {}

  /** Keeps a full 200 answer to a plain GET of `pathname` (no query, no conditional or range headers). */
  remember(pathname: string, response: Response, body: Uint8Array): void {
    const etag = response.headers.get('etag');
    if (response.status !== 200 || !etag || body.byteLength > MAX_FILE_BYTES || this.kept.has(pathname)) return;
    while (this.bytes + body.byteLength > MAX_TOTAL_BYTES && this.kept.size > 0) this.forget(this.kept.keys().next().value as string);
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      if (name !== 'content-length') headers[name] = value;
    });
    this.kept.set(pathname, { etag, answers: entryAnswers(headers, body), until: this.now() + KEEP_MS });
    this.bytes += body.byteLength;
  }

  private forget(pathname: string): void {
    const kept = this.kept.get(pathname);
    if (!kept) return;
    this.kept.delete(pathname);
    this.bytes -= kept.answers.get.body?.byteLength ?? 0;
  }

  /** The answer the full way would give, when it is one kept and the request asks nothing more of it; else undefined. */
  answer(method: string, target: string, header: HeaderReader): WireAnswer | undefined {
    const kept = this.kept.get(target);
    if (!kept) return undefined;
    if (kept.until < this.now()) {
      this.forget(target);
      return undefined;
    }
    // ranges and date validators are the full way's to judge
    if (header('range') !== null || header('if-range') !== null) return undefined;
    const ifNoneMatch = header('if-none-match');
    if (ifNoneMatch !== null) return etagMatches(ifNoneMatch, kept.etag) ? kept.answers.notModified : undefined;
    if (header('if-modified-since') !== null) return undefined;
    return method === 'HEAD' ? kept.answers.head : kept.answers.get;
  }
}
