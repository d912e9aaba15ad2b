// deno run -A examples/deno.ts
import { createService } from 'pressroom';

interface DenoServeInfo {
  remoteAddr: { hostname: string };
}
declare const Deno: {
  serve(options: { port: number; hostname: string }, handler: (request: Request, info: DenoServeInfo) => Promise<Response>): unknown;
};

const service = await createService({ url: 'http://127.0.0.1:3000' });
// the client's address, for the per-address sign-in and content-key limits
Deno.serve({ port: 3000, hostname: '127.0.0.1' }, (request, info) => service.fetch(request, { clientAddress: info.remoteAddr.hostname }));
