// One Node message served through the service, for the Node and Express adapters. A pressroom service is
// handed the request's head, read from the message with no WHATWG Request, Headers or URL, and its answer
// is written as it is: bytes in one write with their length, a stream with back-pressure. Any other fetch
// handler gets a real Request, and its Response is written the same way. Nothing here knows the API.
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import type { Answer } from '../core/answer';
import type { HeaderFields, RequestHead } from '../core/head';
import type { FetchContext } from '../http/client-address';
import { clientAddressOf, originOf, type NodeHandlerOptions } from './origin';

export interface FetchHandler {
  fetch(request: Request, context?: FetchContext): Promise<Response>;
}

/** A handler that takes request heads (`Service.answer`): a pressroom service. */
interface AnswerHandler {
  answer(head: RequestHead, context?: FetchContext): Answer | Promise<Answer>;
}

function takesHeads(service: FetchHandler): service is FetchHandler & AnswerHandler {
  return typeof (service as Partial<AnswerHandler>).answer === 'function';
}

/** What a framework may know better than the raw message: the full path, or a body it already read. */
export interface RequestOverrides {
  /** Path and query as the client sent them (Express strips its mount path from `req.url`). */
  url?: string;
  /** The body, when middleware already consumed the stream. */
  body?: Uint8Array | string;
}

/** Fields that no longer describe a body a parser read and that is handed over again as a whole. */
const REPLACED_BODY_FIELDS: ReadonlySet<string> = new Set(['content-length', 'transfer-encoding']);

/** The message's header fields as `Headers.get` reads them, straight from its raw lines. */
class RawHeaderFields implements HeaderFields {
  constructor(
    private readonly raw: readonly string[],
    private readonly omitted?: ReadonlySet<string>,
  ) {}

  get(name: string): string | null {
    const wanted = name.toLowerCase();
    if (this.omitted?.has(wanted)) return null;
    const { raw } = this;
    let value: string | null = null;
    for (let i = 0; i < raw.length; i += 2) {
      if (raw[i].length === wanted.length && raw[i].toLowerCase() === wanted) value = value === null ? raw[i + 1] : `${value}, ${raw[i + 1]}`;
    }
    return value;
  }
}

/** The one line of a header in the raw message; undefined if there is none, null if there are several. */
function soleRawHeader(raw: readonly string[], name: string): string | undefined | null {
  let value: string | undefined;
  for (let i = 0; i < raw.length; i += 2) {
    if (raw[i].length !== name.length || raw[i].toLowerCase() !== name) continue;
    if (value !== undefined) return null;
    value = raw[i + 1];
  }
  return value;
}

function streamOf(body: Uint8Array | string): ReadableStream<Uint8Array> {
  const bytes = typeof body === 'string' ? new TextEncoder().encode(body) : body;
  return new ReadableStream({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });
}

/**
 * The head of a Node request: method, target and header lines as received, the origin its target is
 * resolved against, and a body read from the message only if the service asks for it.
 */
class MessageHead implements RequestHead {
  readonly method: string;
  readonly target: string;
  readonly origin: string;
  readonly headers: HeaderFields;
  private stream: ReadableStream<Uint8Array> | null | undefined;

  constructor(
    private readonly req: IncomingMessage,
    options: NodeHandlerOptions,
    private readonly overrides: RequestOverrides,
  ) {
    this.method = req.method ?? 'GET';
    this.target = overrides.url ?? req.url ?? '/';
    // the Host line read without building `req.headers`; several lines (or a trusted proxy's) as Node reads them
    const host = options.trustProxy ? undefined : soleRawHeader(req.rawHeaders, 'host');
    this.origin = host === null || host === undefined ? originOf(req, options) : originOf(req, options, host);
    this.headers = new RawHeaderFields(req.rawHeaders, this.bodied && overrides.body !== undefined ? REPLACED_BODY_FIELDS : undefined);
  }

  private get bodied(): boolean {
    return this.method !== 'GET' && this.method !== 'HEAD';
  }

  body(): ReadableStream<Uint8Array> | null {
    if (this.stream !== undefined) return this.stream;
    const { body } = this.overrides;
    this.stream = !this.bodied ? null : body !== undefined ? streamOf(body) : (Readable.toWeb(this.req) as unknown as ReadableStream<Uint8Array>);
    return this.stream;
  }
}

/** A WHATWG Request for a fetch handler that is not a pressroom service (it may pass it on to `fetch()`). */
export function toRequest(req: IncomingMessage, options: NodeHandlerOptions = {}, overrides: RequestOverrides = {}): Request {
  const url = new URL(overrides.url ?? req.url ?? '/', originOf(req, options));
  const method = req.method ?? 'GET';
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i], req.rawHeaders[i + 1]);
  const hasBody = method !== 'GET' && method !== 'HEAD';
  if (hasBody && overrides.body !== undefined) {
    for (const name of REPLACED_BODY_FIELDS) headers.delete(name);
    return new Request(url, { method, headers, body: overrides.body as BodyInit });
  }
  return new Request(url, {
    method,
    headers,
    body: hasBody ? (Readable.toWeb(req) as unknown as ReadableStream<Uint8Array>) : undefined,
    // required by Node's fetch for a streamed request body
    ...(hasBody ? { duplex: 'half' } : {}),
  } as RequestInit);
}

/** Writes an answer: bytes in one write with their length, a stream with back-pressure. */
export function writeAnswer(answer: Answer, res: ServerResponse): void | Promise<void> {
  const { status, headers, body } = answer;
  if (body instanceof Uint8Array) {
    res.writeHead(status, headers['content-length'] === undefined ? { ...headers, 'content-length': String(body.byteLength) } : headers).end(body);
    return;
  }
  return write(status, headers, body, res);
}

/** Writes a WHATWG Response to a Node response. */
export function writeResponse(response: Response, res: ServerResponse): Promise<void> {
  const headers: OutgoingHttpHeaders = {};
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) headers['set-cookie'] = cookies;
  return write(response.status, headers, response.body, res);
}

async function write(status: number, headers: Readonly<OutgoingHttpHeaders>, body: ReadableStream<Uint8Array> | null, res: ServerResponse): Promise<void> {
  if (!body) {
    res.writeHead(status, headers).end();
    return;
  }
  const reader = body.getReader();
  const first = await reader.read();
  const second = first.done ? first : await reader.read();
  if (second.done) {
    // the whole body was one chunk: one write with its length, no stream bridge
    const chunk = first.done ? new Uint8Array(0) : first.value;
    res.writeHead(status, headers['content-length'] === undefined ? { ...headers, 'content-length': String(chunk.byteLength) } : headers).end(chunk);
    return;
  }
  res.writeHead(status, headers);
  res.write(first.value);
  res.write(second.value);
  // the rest streams, with back-pressure: a large file never sits whole in memory
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (!res.write(value)) {
      const drained = await new Promise<boolean>((resolve) => {
        const onDrain = () => {
          res.off('close', onClose);
          resolve(true);
        };
        const onClose = () => {
          res.off('drain', onDrain);
          resolve(false);
        };
        res.once('drain', onDrain);
        res.once('close', onClose);
      });
      if (!drained) {
        await reader.cancel().catch(() => {});
        return;
      }
    }
  }
  res.end();
}

/** The host's context for a message: its client address, found only if the service asks. */
class MessageContext implements FetchContext {
  constructor(
    private readonly req: IncomingMessage,
    private readonly options: NodeHandlerOptions,
  ) {}

  get clientAddress(): string | undefined {
    return clientAddressOf(this.req, this.options);
  }
}

/** Told what went wrong when an answer could not be had or written (`res.headersSent` says whether it had begun). */
export type WriteFailure = (error: unknown) => void;

/**
 * Serves one message through the handler. `fail` is called when the handler's answer cannot be had
 * or written; for a message a fetch handler's Request cannot carry (a method such as TRACE, a Host
 * no URL can be made with), `refuse` is.
 */
export function serveMessage(
  service: FetchHandler,
  req: IncomingMessage,
  res: ServerResponse,
  options: NodeHandlerOptions,
  overrides: RequestOverrides,
  fail: WriteFailure,
  refuse: (error: Error) => void,
): void {
  if (takesHeads(service)) {
    let answered: Answer | Promise<Answer>;
    try {
      answered = service.answer(new MessageHead(req, options, overrides), new MessageContext(req, options));
    } catch (error) {
      fail(error);
      return;
    }
    if (answered instanceof Promise) {
      answered.then((answer) => writeAnswer(answer, res)).catch(fail);
      return;
    }
    writeAnswer(answered, res)?.catch(fail);
    return;
  }
  let request: Request;
  try {
    request = toRequest(req, options, overrides);
  } catch (error) {
    refuse(error as Error);
    return;
  }
  service
    .fetch(request, { clientAddress: clientAddressOf(req, options) })
    .then((response) => writeResponse(response, res))
    .catch(fail);
}
