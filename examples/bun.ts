// bun examples/bun.ts
import { createService } from 'pressroom';

interface BunServer {
  requestIP(request: Request): { address: string } | null;
}
declare const Bun: {
  serve(options: { port: number; hostname: string; fetch(request: Request, server: BunServer): Promise<Response> }): unknown;
};

const service = await createService({ url: 'http://127.0.0.1:3000' });
// the client's address, for the per-address sign-in and content-key limits
Bun.serve({ port: 3000, hostname: '127.0.0.1', fetch: (request, server) => service.fetch(request, { clientAddress: server.requestIP(request)?.address }) });
