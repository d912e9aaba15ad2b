// The headers an API answer gets for the request it answers — CORS, `Vary`, and at the unversioned
// roots `Content-Version` — added in this one place, last, by both ways of the pipeline
// (lib/http/pipeline.ts). So the read model keeps an answer with only what every request of it gets
// alike (lib/http/content-api.ts), and a kept answer is finished once per root, not once per hit.
import { withHeaders, type Answer, type HeaderRecord } from '../core/answer';
import type { RequestHead } from '../core/head';
import { withAdminCors } from './admin-cors';
import { CONTENT_CORS } from './cors';
import { CONTENT_VERSION, varyWith } from './v5-roots';

/** Which API root an address is under: a versioned one (`/<name>/api/<any version>/content/`) or an unversioned one, where v5 is served. */
export type ApiRoot = 'content' | 'content-v5' | 'admin' | 'admin-v5';

const V5: Readonly<HeaderRecord> = Object.freeze({ 'content-version': CONTENT_VERSION, vary: 'Accept-Version' });
const CONTENT: Readonly<HeaderRecord> = Object.freeze({ ...CONTENT_CORS });
const CONTENT_V5: Readonly<HeaderRecord> = Object.freeze({ ...CONTENT_CORS, ...V5 });

/** The segment of `path` from `start` to the next `/` or `?`. */
function segmentAt(path: string, start: number): string {
  let end = start;
  while (end < path.length && path[end] !== '/' && path[end] !== '?') end++;
  return path.slice(start, end);
}

/** `answer` with `headers` set, its `Vary` merged with theirs; the answer itself when it carries them already. */
function merged(answer: Answer, headers: Readonly<HeaderRecord>): Answer {
  const all = headers.vary !== undefined && answer.headers.vary !== undefined ? { ...headers, vary: varyWith(answer.headers.vary, headers.vary) } : headers;
  for (const name in all) if (answer.headers[name] !== all[name]) return withHeaders(answer, all);
  return answer;
}

export class AnswerHeaders {
  private readonly prefix: string;
  /** Kept answers (frozen: lib/core/ready-answer.ts) finished for a Content root, made on their first hit. */
  private readonly finished: Record<'content' | 'content-v5', WeakMap<Answer, Answer>> = { content: new WeakMap(), 'content-v5': new WeakMap() };

  constructor(
    name: string,
    private readonly trustedOrigins: readonly string[],
  ) {
    this.prefix = `/${name}/api/`;
  }

  /** The API root of a path (or a cache key: its query is not read), or null outside the APIs. */
  rootOf(path: string): ApiRoot | null {
    if (!path.startsWith(this.prefix)) return null;
    const first = segmentAt(path, this.prefix.length);
    if (first === 'content') return 'content-v5';
    if (first === 'admin') return 'admin-v5';
    // any one segment before the API, served or not: a browser client calling an unserved version can read why
    const second = segmentAt(path, this.prefix.length + first.length + 1);
    return second === 'content' || second === 'admin' ? second : null;
  }

  /** `answer` as the client of `head` gets it at `root`: the Content API's CORS, or the Admin API's for a trusted origin, and v5's headers at an unversioned root. */
  finish(head: Pick<RequestHead, 'headers'>, root: ApiRoot | null, answer: Answer): Answer {
    switch (root) {
      case null:
        return answer;
      case 'content':
      case 'content-v5': {
        const headers = root === 'content' ? CONTENT : CONTENT_V5;
        if (!Object.isFrozen(answer)) return merged(answer, headers);
        const memo = this.finished[root];
        let done = memo.get(answer);
        if (done === undefined) memo.set(answer, (done = Object.freeze(merged(answer, headers))));
        return done;
      }
      case 'admin':
        return withAdminCors(head, answer, this.trustedOrigins);
      case 'admin-v5':
        return merged(withAdminCors(head, answer, this.trustedOrigins), V5);
    }
  }
}
