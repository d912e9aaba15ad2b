// The client address that per-address rate limits count by comes from the host, never from a header.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { createService, type Service } from '../../lib';
import express from 'express';
import { toExpressMiddleware } from '../../lib/adapters/express';
import { toNextHandlers } from '../../lib/adapters/next';
import { toNodeHandler, type NodeHandlerOptions } from '../../lib/adapters/node';

const BAD_KEY = 'abababababababababababab00';
const ORIGIN = 'http://127.0.0.1:2368';

let service: Service;
let server: Server | undefined;
// a logger per service: the warning about a missing address comes once per logger
let logger: { info: Mock; warn: Mock; error: Mock };

beforeEach(async () => {
  logger = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
  service = await createService({
    url: ORIGIN,
    logger,
    auth: { passwordIterations: 1000, loginRateLimit: { perEmail: 3, perAddress: 3 } },
    contentApi: { keyFailuresPerMinute: 3 },
  });
  await service.setup({ name: 'Owner', email: 'owner@example.com', password: 'owner-password-1', title: 'Limits' });
});
afterEach(async () => {
  if (server) await new Promise<void>((resolve) => server!.close(() => resolve()));
  server = undefined;
  vi.restoreAllMocks();
  await service.close();
});

function contentRequest(headers: Record<string, string> = {}): Request {
  return new Request(`${ORIGIN}/svc/api/v3/content/settings/?key=${BAD_KEY}`, { headers });
}

function signInRequest(email: string, password: string, headers: Record<string, string> = {}): Request {
  return new Request(`${ORIGIN}/svc/api/v3/admin/session/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ORIGIN, ...headers },
    body: JSON.stringify({ username: email, password }),
  });
}

describe('service.fetch(request, { clientAddress })', () => {
  it('counts failures by the address the host gives; a client header cannot move it', async () => {
    for (let i = 0; i < 3; i++) {
      const response = await service.fetch(contentRequest({ 'x-pressroom-client-address': `10.9.9.${i}` }), { clientAddress: '10.0.0.1' });
      expect(response.status).toBe(401);
    }
    // the old header, a new value each time, is ignored: the host's address has used up its failures
    const blocked = await service.fetch(contentRequest({ 'x-pressroom-client-address': '10.9.9.99' }), { clientAddress: '10.0.0.1' });
    expect(blocked.status).toBe(429);
    expect((await service.fetch(contentRequest(), { clientAddress: '10.0.0.2' })).status).toBe(401);
  });

  it('without an address, per-address limits are off (one warning), per-email limits still hold', async () => {
    const warn = logger.warn;
    // a header does not make up for the missing address either
    for (let i = 0; i < 10; i++) expect((await service.fetch(contentRequest({ 'x-pressroom-client-address': 'x' }))).status).toBe(401);
    for (let i = 0; i < 3; i++) {
      expect((await service.fetch(signInRequest(`stranger${i}@example.com`, 'wrong-password'))).status).toBe(401);
    }
    // three failures from "nowhere" did not lock everyone out: the owner signs in
    expect((await service.fetch(signInRequest('owner@example.com', 'owner-password-1'))).status).toBe(201);
    // but one email's failures still lock that email
    for (let i = 0; i < 3; i++) expect((await service.fetch(signInRequest('eve@example.com', 'wrong-password'))).status).toBe(401);
    expect((await service.fetch(signInRequest('eve@example.com', 'wrong-password'))).status).toBe(429);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0][0])).toMatch(/clientAddress/);
  });

  it('ignores what a runtime passes that is not a FetchContext (Bun passes its server)', async () => {
    const bunServer = { requestIP: () => ({ address: '10.0.0.3' }) } as unknown as { clientAddress?: string };
    for (let i = 0; i < 5; i++) expect((await service.fetch(contentRequest(), bunServer)).status).toBe(401);
  });
});

async function listen(options: NodeHandlerOptions): Promise<string> {
  server = createServer(toNodeHandler(service, options));
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function contentStatus(base: string, headers: Record<string, string>): Promise<number> {
  return (await fetch(`${base}/svc/api/v3/content/settings/?key=${BAD_KEY}`, { headers })).status;
}

describe('toNodeHandler and the client address', () => {
  it('uses the socket address; X-Forwarded-For and the old header are ignored without trustProxy', async () => {
    const base = await listen({});
    for (let i = 0; i < 3; i++) {
      expect(await contentStatus(base, { 'x-forwarded-for': `198.51.100.${i}`, 'x-pressroom-client-address': `203.0.113.${i}` })).toBe(401);
    }
    expect(await contentStatus(base, { 'x-forwarded-for': '198.51.100.50', 'x-pressroom-client-address': '203.0.113.50' })).toBe(429);
  });

  it('behind trustProxy, counts by the last X-Forwarded-For entry, the one the proxy appended', async () => {
    const base = await listen({ trustProxy: true });
    // what the client wrote before the proxy's entry does not matter
    for (let i = 0; i < 3; i++) expect(await contentStatus(base, { 'x-forwarded-for': `6.6.6.${i}, 198.51.100.7` })).toBe(401);
    expect(await contentStatus(base, { 'x-forwarded-for': '6.6.6.9, 198.51.100.7' })).toBe(429);
    // another client behind the same proxy is counted apart
    expect(await contentStatus(base, { 'x-forwarded-for': '198.51.100.8' })).toBe(401);
    // the old header still sets nothing
    expect(await contentStatus(base, { 'x-forwarded-for': '198.51.100.7', 'x-pressroom-client-address': '203.0.113.1' })).toBe(429);
  });
});

describe('the other adapters and the client address', () => {
  it('Express: the socket address; X-Forwarded-For and the old header are ignored without trustProxy', async () => {
    const app = express();
    app.use(toExpressMiddleware(service));
    server = createServer(app);
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    for (let i = 0; i < 3; i++) expect(await contentStatus(base, { 'x-forwarded-for': `198.51.100.${i}` })).toBe(401);
    expect(await contentStatus(base, { 'x-forwarded-for': '198.51.100.9', 'x-pressroom-client-address': '203.0.113.9' })).toBe(429);
  });

  it('Next.js: the address the host reads with clientAddress; none without it', async () => {
    const warn = logger.warn;
    const bare = toNextHandlers(service);
    for (let i = 0; i < 5; i++) expect((await bare.GET(contentRequest({ 'x-real-ip': '10.1.1.1', 'x-pressroom-client-address': 'a' }))).status).toBe(401);
    expect(warn).toHaveBeenCalledTimes(1);
    const behindProxy = toNextHandlers(Promise.resolve(service), { clientAddress: (request) => request.headers.get('x-real-ip') });
    for (let i = 0; i < 3; i++) expect((await behindProxy.GET(contentRequest({ 'x-real-ip': '10.1.1.2' }))).status).toBe(401);
    expect((await behindProxy.GET(contentRequest({ 'x-real-ip': '10.1.1.2' }))).status).toBe(429);
    expect((await behindProxy.GET(contentRequest({ 'x-real-ip': '10.1.1.3' }))).status).toBe(401);
  });
});
