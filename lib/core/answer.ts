// What the service's one pipeline answers (lib/http/pipeline.ts), and the helpers routes make it with.
// `service.fetch` turns an answer into a WHATWG Response; the Node and Express adapters write it to the
// socket as it is: bytes in one write with their length, a stream with back-pressure.
import { type ApiError, errorBody } from './errors';

export type HeaderRecord = Record<string, string>;

export interface Answer {
  readonly status: number;
  /** Names in lower case, one value each (a `Set-Cookie` at most once). Shared between answers: never modified, copied instead. */
  readonly headers: Readonly<HeaderRecord>;
  /** Bytes (every JSON answer; shared, never modified), a stream (`limit=all`, a large file), or none. */
  readonly body: Uint8Array | ReadableStream<Uint8Array> | null;
}

/** The answer with `headers` set over its own. */
export function withHeaders(answer: Answer, headers: Readonly<HeaderRecord>): Answer {
  return { status: answer.status, headers: { ...answer.headers, ...headers }, body: answer.body };
}

const encoder = new TextEncoder();

export function json(status: number, body: unknown, headers: HeaderRecord = {}): Answer {
  return jsonText(status, JSON.stringify(body), headers);
}

/** A JSON answer from its text, or its UTF-8 bytes, where the caller put it together from parts already stringified. */
export function jsonText(status: number, text: string | Uint8Array, headers: HeaderRecord = {}): Answer {
  return { status, headers: { 'content-type': 'application/json; charset=utf-8', ...headers }, body: typeof text === 'string' ? encoder.encode(text) : text };
}

/** An answer without a body: a 204, a 304, a redirect. */
export function bodiless(status: number, headers: HeaderRecord = {}): Answer {
  return { status, headers, body: null };
}

export function noContent(headers: HeaderRecord = {}): Answer {
  return bodiless(204, headers);
}

export function errorAnswer(error: ApiError, headers: HeaderRecord = {}): Answer {
  return json(error.status, errorBody(error), { ...error.headers, ...headers });
}
