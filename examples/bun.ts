// bun examples/bun.ts   (after npm run build; PORT=3000 by default) — in memory, new keys each start.
import { createService } from 'pressroom';

interface BunServer {
  requestIP(request: Request): { address: string } | null;
}
declare const Bun: {
  serve(options: { port: number; hostname: string; fetch(request: Request, server: BunServer): Promise<Response> }): { port: number };
};
declare const process: { env: Record<string, string | undefined> };

// PORT=0 picks a free port; the url is set once it is known, before the first request
let fetchHandler: (request: Request, server: BunServer) => Promise<Response> = async () => new Response('starting', { status: 503 });
const server = Bun.serve({ port: Number(process.env.PORT ?? 3000), hostname: '127.0.0.1', fetch: (request, bunServer) => fetchHandler(request, bunServer) });
const url = `http://127.0.0.1:${server.port}`;
const service = await createService({ url });
await service.setup({ name: 'Example Owner', email: 'owner@example.com', password: `example-${crypto.randomUUID()}`, title: 'Example site' });
const { adminKey, contentKey } = await service.createIntegration({ name: 'example' });
console.log(`Admin API key:   ${adminKey}\nContent API key: ${contentKey}`);
// the client's address, for the per-address sign-in and content-key limits
fetchHandler = (request, bunServer) => service.fetch(request, { clientAddress: bunServer.requestIP(request)?.address });
console.log(`listening on ${url}`);
