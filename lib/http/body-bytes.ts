// Responses whose whole body the core already holds as bytes (every JSON answer, every cache hit).
//
// A Response with a body costs a web ReadableStream (and `new Response(bytes)` a copy of the bytes),
// and an adapter writing to a socket then reads that stream back: for a cached 75 KB page this was
// most of the cost of serving it. Inside the core such responses are therefore made without a body,
// and their bytes are kept beside them here. The public `fetch` puts the body in place before a
// caller sees the response (`withBody`); a server adapter may instead ask the service for the
// response and its bytes (`FETCH_WITH_BYTES`) and write the bytes as they are.

import type { FetchContext } from './client-address';

const held = new WeakMap<Response, Uint8Array<ArrayBuffer>>();

/** A body-less Response standing for one with `bytes` as its body; see `withBody`. */
export function bytesResponse(bytes: Uint8Array<ArrayBuffer>, init: ResponseInit): Response {
  const response = new Response(null, init);
  held.set(response, bytes);
  return response;
}

/** The bytes a `bytesResponse` stands for; undefined for any other response. Not to be modified. */
export function bodyBytes(response: Response): Uint8Array<ArrayBuffer> | undefined {
  return held.get(response);
}

/** Whether the response has a body, in place or held beside it. */
export function hasBody(response: Response): boolean {
  return response.body !== null || held.has(response);
}

/** The response as a caller of `fetch` gets it: a `bytesResponse` with its body in place (a copy). */
export function withBody(response: Response): Response {
  const bytes = held.get(response);
  if (!bytes) return response;
  return new Response(bytes, { status: response.status, statusText: response.statusText, headers: response.headers });
}

/** A response and, when the core held its body as bytes, those bytes (the response then has no body). */
export interface ResponseWithBytes {
  response: Response;
  bytes?: Uint8Array;
}

/**
 * The service method a server adapter may call instead of `fetch`. A registered symbol, so that an
 * adapter loaded from the CommonJS build still finds it on a service made by the ESM build.
 */
export const FETCH_WITH_BYTES: unique symbol = Symbol.for('pressroom.fetchWithBytes');

export interface FetchWithBytes {
  [FETCH_WITH_BYTES](request: Request, context?: FetchContext): Promise<ResponseWithBytes>;
}
