// HTTP load with autocannon. The load generator runs in a worker thread so it does not share the
// event loop of the server it measures (both are in this process).
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';

export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** Requests that did not answer 2xx, plus connection errors. */
  failures: number;
}

export async function load(url: string, seconds: number, connections = 10): Promise<LoadResult> {
  const result = await autocannon({ url, connections, duration: seconds, workers: 1 });
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
