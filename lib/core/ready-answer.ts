// The one place a HEAD and a 304 are made from a 200: for answers kept whole (a Content API read the read
// model holds, lib/http/content-api.ts; a small image file, lib/files/kept-files.ts) and, for HEAD, for
// every answer of the full way (lib/http/pipeline.ts).
import type { Answer, HeaderRecord } from './answer';
import { matchesIfNoneMatch } from './etag';
import type { RequestHead } from './head';

/** A 200 kept whole, and the answers every GET, HEAD and matching `If-None-Match` of it get: made once, so a hit allocates nothing. */
export interface ReadyAnswer {
  readonly etag: string;
  readonly get: Answer;
  readonly head: Answer;
  readonly notModified: Answer;
}

/** What a HEAD is answered with where a GET would get `answer`: its headers, with the length a GET would send where the body is whole at hand, and no body. */
export function forHead(answer: Answer): Answer {
  const { body } = answer;
  if (body === null) return answer;
  const headers = { ...answer.headers };
  // a stream's length is not known yet
  if (body instanceof Uint8Array) headers['content-length'] ??= String(body.byteLength);
  else body.cancel().catch(() => {});
  return { status: answer.status, headers, body: null };
}

/** A 200 of `body` with `headers` (which name its `etag`) made ready. */
export function readyAnswer(etag: string, headers: Readonly<HeaderRecord>, body: Uint8Array): ReadyAnswer {
  const { 'content-length': _length, ...unchanged } = headers;
  // with its length, so that no adapter copies the headers to add it on every hit
  const whole = Object.freeze({ ...unchanged, 'content-length': String(body.byteLength) });
  return Object.freeze({
    etag,
    get: Object.freeze({ status: 200, headers: whole, body }),
    head: Object.freeze({ status: 200, headers: whole, body: null }),
    notModified: Object.freeze({ status: 304, headers: Object.freeze(unchanged), body: null }),
  });
}

/** The answer `head` (a GET or HEAD) gets from `ready`. */
export function answerFrom(ready: ReadyAnswer, head: RequestHead): Answer {
  if (matchesIfNoneMatch(head.headers.get('if-none-match'), ready.etag)) return ready.notModified;
  return head.method === 'HEAD' ? ready.head : ready.get;
}
