// deno run -A examples/deno.ts
import { createService } from 'pressroom';

declare const Deno: { serve(options: { port: number; hostname: string }, handler: (request: Request) => Promise<Response>): unknown };

const service = await createService({ url: 'http://127.0.0.1:3000' });
Deno.serve({ port: 3000, hostname: '127.0.0.1' }, service.fetch);
