// Every adapter serves the same scenario through a real listening server on 127.0.0.1.
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { createService, type Service } from '../../lib';
import { toExpressMiddleware } from '../../lib/adapters/express';
import { toNextHandlers } from '../../lib/adapters/next';
import { toNodeHandler, toRequest } from '../../lib/adapters/node';
import { adminToken } from '../helpers/service';

// the smallest valid PNG: 1×1, one transparent pixel
const PNG = Uint8Array.from(Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64'));

let server: Server | undefined;
let service: Service | undefined;

afterEach(async () => {
  if (server) await new Promise<void>((resolve) => server!.close(() => resolve()));
  await service?.close();
  server = service = undefined;
});

async function listen(makeListener: (service: Service) => RequestListener): Promise<string> {
  server = createServer();
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  service = await createService({ url: base, auth: { passwordIterations: 1000 } });
  server.on('request', makeListener(service));
  return base;
}

async function scenario(base: string) {
  await service!.setup({ name: 'Owner', email: 'owner@example.com', password: 'a-long-password-1', title: 'Adapter site' });
  const { adminKey, contentKey } = await service!.createIntegration({ name: 'adapter' });
  const auth = async () => ({ authorization: `Svc ${await adminToken(adminKey)}` });

  const created = await fetch(`${base}/svc/api/v3/admin/posts/`, {
    method: 'POST',
    headers: { ...(await auth()), 'content-type': 'application/json' },
    body: JSON.stringify({ posts: [{ title: 'Through the adapter', status: 'published' }] }),
  });
  expect(created.status).toBe(201);
  expect(created.headers.get('location')).toMatch(new RegExp(`^${base}/svc/api/v3/admin/posts/[a-f0-9]{24}/$`));

  const read = await fetch(`${base}/svc/api/v3/content/posts/slug/through-the-adapter/?key=${contentKey}`);
  expect(read.status).toBe(200);
  expect((await read.json()).posts[0].title).toBe('Through the adapter');
  const etag = read.headers.get('etag')!;
  const revalidated = await fetch(`${base}/svc/api/v3/content/posts/slug/through-the-adapter/?key=${contentKey}`, { headers: { 'if-none-match': etag } });
  expect(revalidated.status).toBe(304);

  const form = new FormData();
  form.append('file', new Blob([PNG], { type: 'image/png' }), 'pixel.png');
  form.append('ref', 'my-ref');
  const upload = await fetch(`${base}/svc/api/v3/admin/images/upload/`, { method: 'POST', headers: await auth(), body: form });
  expect(upload.status).toBe(201);
  const image = (await upload.json()).images[0];
  expect(image.ref).toBe('my-ref');
  const served = await fetch(image.url);
  expect(served.status).toBe(200);
  expect(served.headers.get('content-type')).toBe('image/png');
  expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG);
}

describe('adapters', () => {
  it('pressroom/node', async () => {
    await scenario(await listen((s) => toNodeHandler(s)));
  });

  it('pressroom/express mounted at /svc (and at the images path), without a body parser', async () => {
    await scenario(
      await listen((s) => {
        const middleware = toExpressMiddleware(s);
        return express().use('/svc', middleware).use('/content/images', middleware) as unknown as RequestListener;
      }),
    );
  });

  it('pressroom/express behind express.json() and express.raw()', async () => {
    await scenario(
      await listen(
        (s) =>
          express()
            .use(express.json())
            .use(express.raw({ type: 'image/*' }))
            .use(toExpressMiddleware(s)) as unknown as RequestListener,
      ),
    );
  });

  it('pressroom/next route handlers', async () => {
    await scenario(
      await listen((s) => {
        const handlers = toNextHandlers(s);
        // what Next.js does for a route: a WHATWG Request to the handler named by the method
        return (req, res) => {
          const handler = handlers[req.method as keyof typeof handlers];
          handler(toRequest(req)).then(async (response) => {
            res.writeHead(response.status, Object.fromEntries(response.headers));
            res.end(Buffer.from(await response.arrayBuffer()));
          });
        };
      }),
    );
  });

  it('pressroom/next asks for unencoded answers: Next drops a route handler’s Content-Encoding but keeps its body', async () => {
    service = await createService({ url: 'http://localhost:3000' });
    const { GET } = toNextHandlers(service);
    const res = await GET(new Request('http://localhost:3000/svc/', { headers: { 'accept-encoding': 'gzip, deflate, br' } }));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(await res.text()).toContain('<title>pressroom admin</title>');
    const upload = await toNextHandlers(service).POST(
      new Request('http://localhost:3000/svc/api/v3/admin/images/upload/', {
        method: 'POST',
        headers: { 'accept-encoding': 'gzip', authorization: `Svc ${await adminToken((await service.createIntegration({ name: 'next' })).adminKey)}` },
        body: (() => {
          const data = new FormData();
          data.append('file', new Blob([PNG], { type: 'image/png' }), 'pixel.png');
          return data;
        })(),
      }),
    );
    expect(upload.status).toBe(201); // the request's body survives the copy without Accept-Encoding
  });

  it('pressroom/node sends the same JSON bytes as service.fetch gives, with their length, and for HEAD the length without the bytes', async () => {
    const base = await listen((s) => toNodeHandler(s));
    const { contentKey } = await service!.createIntegration({ name: 'bytes' });
    const path = `/svc/api/v3/content/settings/?key=${contentKey}`;
    const inProcess = new Uint8Array(await (await service!.fetch(new Request(base + path))).arrayBuffer());
    for (const round of ['filled', 'cached']) {
      const overHttp = await fetch(base + path);
      expect(overHttp.status, round).toBe(200);
      expect(overHttp.headers.get('content-length'), round).toBe(String(inProcess.byteLength));
      expect(overHttp.headers.get('access-control-allow-origin'), round).toBe('*');
      expect(new Uint8Array(await overHttp.arrayBuffer()), round).toEqual(inProcess);
    }
    const head = await fetch(base + path, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(inProcess.byteLength));
    expect((await head.arrayBuffer()).byteLength).toBe(0);
    const headInProcess = await service!.fetch(new Request(base + path, { method: 'HEAD' }));
    expect(headInProcess.headers.get('content-length')).toBe(String(inProcess.byteLength));
    expect(headInProcess.body).toBeNull();
    const error = await fetch(`${base}/svc/api/v3/content/posts/?key=${'0'.repeat(26)}`);
    expect(error.status).toBe(401);
    expect((await error.json()).errors[0].type).toBe('UnauthorizedError');
  });

  it('pressroom/node gives a handler that is not a pressroom service real Requests it can pass on', async () => {
    const seen: Request[] = [];
    const base = await listen((s) => toNodeHandler({ fetch: (request) => (seen.push(request), s.fetch(new Request(request, { headers: request.headers }))) }));
    const response = await fetch(`${base}/svc/api/v3/admin/site/`);
    expect(response.status).toBe(200);
    expect(seen[0]).toBeInstanceOf(Request);
    expect(seen[0].signal).toBeInstanceOf(AbortSignal);
  });

  it('hands the socket address to the handler beside the request, never in a header', async () => {
    const seen: { header: string | null; address?: string }[] = [];
    const base = await listen((s) =>
      toNodeHandler({
        fetch: (request, context) => (
          seen.push({ header: request.headers.get('x-pressroom-client-address'), address: context?.clientAddress }),
          s.fetch(request, context)
        ),
      }),
    );
    await fetch(`${base}/svc/api/v3/admin/site/`, { headers: { 'x-pressroom-client-address': '6.6.6.6', 'x-forwarded-for': '7.7.7.7' } });
    expect(seen[0].address).toMatch(/127\.0\.0\.1/);
  });
});
