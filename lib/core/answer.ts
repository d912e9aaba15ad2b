import { bytesResponse } from './body-bytes';
import { type ApiError, errorBody } from '../core/errors';

export type Headers = Record<string, string>;

const encoder = new TextEncoder();

export function json(status: number, body: unknown, headers: Headers = {}): Response {
  return jsonText(status, JSON.stringify(body), headers);
}

/** A JSON response from its text, where the caller put it together from parts already stringified. */
export function jsonText(status: number, text: string, headers: Headers = {}): Response {
  return bytesResponse(encoder.encode(text), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  });
}

export function noContent(headers: Headers = {}): Response {
  return new Response(null, { status: 204, headers });
}

export function errorResponse(error: ApiError, headers: Headers = {}): Response {
  return json(error.status, errorBody(error), { ...error.headers, ...headers });
}
