// bun examples/bun.ts
import { createService } from 'pressroom';

declare const Bun: { serve(options: { port: number; hostname: string; fetch(request: Request): Promise<Response> }): unknown };

const service = await createService({ url: 'http://127.0.0.1:3000' });
Bun.serve({ port: 3000, hostname: '127.0.0.1', fetch: service.fetch });
