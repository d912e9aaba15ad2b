// A Request for a bodiless message whose method, URL and headers are plain fields; the real WHATWG
// Request is built only if something asks for more (its signal, a clone, …).
//
// Building `new Request()` costs more than serving a cached page does (an AbortSignal, a second URL
// parse, a header list copy), and the core reads only the method, the URL and a few headers of a GET.
// It passes `instanceof Request`; every other member is the real one, made on first use.

const real = Symbol('real request');

class LazyRequest {
  [real]?: Request;
  constructor(
    readonly method: string,
    readonly url: string,
    readonly headers: Headers,
  ) {}
}

function realOf(self: LazyRequest): Request {
  self[real] ??= new Request(self.url, { method: self.method, headers: self.headers });
  return self[real];
}

// every member of Request but the three fields above goes to the real Request, made on first use
Object.setPrototypeOf(LazyRequest.prototype, Request.prototype);
const OWN = new Set<PropertyKey>(['constructor', 'method', 'url', 'headers']);
for (const name of Reflect.ownKeys(Request.prototype)) {
  const descriptor = Object.getOwnPropertyDescriptor(Request.prototype, name);
  if (OWN.has(name) || !descriptor) continue;
  if (typeof descriptor.value === 'function') {
    const method = descriptor.value as (...args: unknown[]) => unknown;
    Object.defineProperty(LazyRequest.prototype, name, {
      value(this: LazyRequest, ...args: unknown[]) {
        return method.apply(realOf(this), args);
      },
    });
  } else if (descriptor.get) {
    const getter = descriptor.get;
    Object.defineProperty(LazyRequest.prototype, name, {
      get(this: LazyRequest) {
        return getter.call(realOf(this));
      },
    });
  }
}

/**
 * A bodiless GET or HEAD; `url` must be absolute and already normalised (a `URL`'s href), and
 * `headers` must not be changed afterwards.
 */
export function lazyRequest(method: 'GET' | 'HEAD', url: string, headers: Headers): Request {
  return new LazyRequest(method, url, headers) as unknown as Request;
}
