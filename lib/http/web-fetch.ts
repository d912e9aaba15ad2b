// `service.fetch`: a WHATWG Request as the pipeline's head, and its answer as a Response.
import type { Answer } from '../core/answer';
import type { RequestHead } from '../core/head';

/** The Request's head; its body is the Request's own stream, read only if a route asks. */
export function headOf(request: Request): RequestHead {
  // a Request's URL is absolute and normalised: `scheme://authority/path?query`, with no `/` in the authority
  const { url } = request;
  // (a path starting `//` stays absolute: as a target of its own it would name a host)
  const slash = url.indexOf('/', url.indexOf('//') + 2);
  const whole = slash < 0 || url.startsWith('//', slash);
  return {
    method: request.method,
    target: whole ? url : url.slice(slash),
    origin: slash < 0 ? url : url.slice(0, slash),
    headers: request.headers,
    body: () => request.body,
  };
}

/** The answer as a Response, its body in place (bytes are copied: an answer's may be shared). */
export function toResponse(answer: Answer): Response {
  return new Response(answer.body as BodyInit | null, { status: answer.status, headers: answer.headers });
}
