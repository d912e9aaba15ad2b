import { bytesResponse } from './body-bytes';
import { type ApiError, errorBody } from './errors';

export type Headers = Record<string, string>;

const encoder = new TextEncoder();

export function json(status: number, body: unknown, headers: Headers = {}): Response {
  return bytesResponse(encoder.encode(JSON.stringify(body)), {
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
