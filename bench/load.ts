// HTTP load with autocannon. The load generator runs in a worker thread so it does not share the
// event loop of the server it measures (both are in this process).
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const NEXT_PATH = fileURLToPath(new URL('./next-path.cjs', import.meta.url));

export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** Requests that did not answer 2xx, plus connection errors. */
  failures: number;
}

export interface LoadOptions {
  /**
   * `url` is an origin, and the requests take these paths in turn: one sequence shared by all
   * connections, from its start in every run, so every server measured is sent the same paths.
   */
  paths?: readonly string[];
  /** Each request replaces `[<id>]` in the URL with an id of its own (no two requests alike). */
  uniqueIds?: boolean;
}

export async function load(url: string, seconds: number, connections = 10, options: LoadOptions = {}): Promise<LoadResult> {
  const { paths, uniqueIds = false } = options;
  const requests = paths && [{ method: 'GET' as const, path: paths[0], paths, setupRequest: NEXT_PATH }];
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    workers: 1,
    idReplacement: uniqueIds,
    // autocannon's types take setupRequest as a function; in a worker it is the path of a module to require
    ...(requests && { requests: requests as never }),
  });
  const completed = result['2xx'] + result.non2xx;
  return {
    // total completed over elapsed time, rather than the mean of per-second buckets
    requestsPerSecond: completed / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.non2xx + result.errors,
  };
}

export interface Listening {
  server: Server;
  origin: string;
  close(): Promise<void>;
}

export async function listen(handler: RequestListener): Promise<Listening> {
  const server = createServer(handler);
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    server,
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
