// deno run -A examples/deno.ts   (after npm run build; PORT=3000 by default) — in memory, new keys each start.
import { createService } from 'pressroom';

interface DenoServeInfo {
  remoteAddr: { hostname: string };
}
declare const Deno: {
  serve(
    options: { port: number; hostname: string; onListen?: () => void },
    handler: (request: Request, info: DenoServeInfo) => Promise<Response>,
  ): { addr: { port: number } };
  env: { get(name: string): string | undefined };
};

// PORT=0 picks a free port; the url is set once it is known, before the first request
let fetchHandler: (request: Request, info: DenoServeInfo) => Promise<Response> = async () => new Response('starting', { status: 503 });
const server = Deno.serve({ port: Number(Deno.env.get('PORT') ?? 3000), hostname: '127.0.0.1', onListen: () => {} }, (request, info) =>
  fetchHandler(request, info),
);
const url = `http://127.0.0.1:${server.addr.port}`;
const service = await createService({ url });
await service.setup({ name: 'Example Owner', email: 'owner@example.com', password: `example-${crypto.randomUUID()}`, title: 'Example site' });
const { adminKey, contentKey } = await service.createIntegration({ name: 'example' });
console.log(`Admin API key:   ${adminKey}\nContent API key: ${contentKey}`);
// the client's address, for the per-address sign-in and content-key limits
fetchHandler = (request, info) => service.fetch(request, { clientAddress: info.remoteAddr.hostname });
console.log(`listening on ${url}`);
