// Catch-all App Router route: every /svc/… request goes to pressroom.
import { toNextHandlers } from 'pressroom/next';
import { pressroom } from '../../../lib/pressroom';

export const runtime = 'nodejs'; // the embedded database needs Node; with pressroom/pg any runtime with TCP works
export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, DELETE, OPTIONS, HEAD } = toNextHandlers(pressroom());
