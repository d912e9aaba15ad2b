import type { Answer } from '../core/answer';
import type { RequestHead } from '../core/head';
import { answerFrom, readyAnswer, type ReadyAnswer } from '../core/ready-answer';

// Small files only, and not many: what is kept is a hot image's whole answer
const MAX_FILE_BYTES = 1024 * 1024;
const MAX_TOTAL_BYTES = 32 * 1024 * 1024;
// a file deleted by a host (deleteImage) or on another instance is still answered from here this long
const KEEP_MS = 60_000;

/** A file's answer made ready, and how long it is kept. */
interface KeptFile {
  ready: ReadyAnswer;
  bytes: number;
  until: number;
}

/**
 * Answers to plain GETs of image files the full way has just served, kept so that the pipeline's first
 * step answers the next GET or HEAD of the same target at once, with nothing awaited (the fetch and
 * file-store calls of the full way cost a hot image more than writing it does). Stored files are never
 * rewritten in place (new uploads take new names, variants are made once), so an answer stays right;
 * `KEEP_MS` bounds how long a deleted file's answer outlives it.
 */
export class KeptFiles {
  private readonly kept = new Map<string, KeptFile>();
  private bytes = 0;

  constructor(private readonly now: () => number = Date.now) {}

  /** Keeps the full way's 200 to a plain GET of `target` (no query, no conditional or range headers). */
  remember(target: string, answer: Answer): void {
    const { body } = answer;
    const etag = answer.headers.etag;
    if (answer.status !== 200 || !(body instanceof Uint8Array) || !etag || body.byteLength > MAX_FILE_BYTES || this.kept.has(target)) return;
    while (this.bytes + body.byteLength > MAX_TOTAL_BYTES && this.kept.size > 0) this.forget(this.kept.keys().next().value as string);
    this.kept.set(target, { ready: readyAnswer(etag, answer.headers, body), bytes: body.byteLength, until: this.now() + KEEP_MS });
    this.bytes += body.byteLength;
  }

  private forget(target: string): void {
    const kept = this.kept.get(target);
    if (!kept) return;
    this.kept.delete(target);
    this.bytes -= kept.bytes;
  }

  /** The answer the full way would give a GET or HEAD, when it is one kept and the request asks nothing more of it; else undefined. */
  lookup(head: RequestHead): Answer | undefined {
    const kept = this.kept.get(head.target);
    if (!kept) return undefined;
    if (kept.until < this.now()) {
      this.forget(head.target);
      return undefined;
    }
    const { headers } = head;
    // ranges and date validators are the full way's to judge
    if (headers.get('range') !== null || headers.get('if-range') !== null) return undefined;
    if (headers.get('if-none-match') === null && headers.get('if-modified-since') !== null) return undefined;
    return answerFrom(kept.ready, head);
  }
}
