// A request as the service's one pipeline takes it (lib/http/pipeline.ts): what an HTTP server has read
// before the body. `service.fetch` makes one from a WHATWG Request; the Node and Express adapters make
// one from the socket's message, with no Request, URL or Headers object, and read the body only if a
// route asks for it.

/** A request's header fields by name, case-insensitively; a repeated field's lines joined by `, ` (a WHATWG `Headers` is one). */
export interface HeaderFields {
  get(name: string): string | null;
}

export interface RequestHead {
  /** As the client sent it (`GET`, `POST`, …). */
  readonly method: string;
  /** The request target as sent: a path and query (`/svc/api/v3/content/posts/?key=…`), or an absolute URL. */
  readonly target: string;
  /** `proto://host` the target is resolved against; may be one no URL can be made with (a client's bad Host). */
  readonly origin: string;
  readonly headers: HeaderFields;
  /** The body, read from the client only when called; null when the request has none. */
  body(): ReadableStream<Uint8Array> | null;
}
