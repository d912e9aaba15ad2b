// Optional catch-all App Router route: every /svc/… request goes to pressroom, /svc/ itself (the admin client) too.
import { toNextHandlers } from 'pressroom/next';
import { site } from '../../../lib/pressroom';

export const runtime = 'nodejs'; // the embedded database needs Node; with pressroom/pg any runtime with TCP works
export const dynamic = 'force-dynamic';
// a route handler sees no socket: the address comes from the proxy in front (Vercel and nginx set X-Real-IP);
// without one, leave `clientAddress` out and the per-address rate limits are off
export const { GET, POST, PUT, DELETE, OPTIONS, HEAD } = toNextHandlers(site, {
  clientAddress: (request) => (process.env.TRUST_PROXY ? request.headers.get('x-real-ip') : undefined),
});
