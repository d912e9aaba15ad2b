// node examples/node-server.ts (after npm run build) — pressroom on Node's own http server.
import { createServer } from 'node:http';
import { createService } from 'pressroom';
import { toNodeHandler } from 'pressroom/node';

const service = await createService({ url: 'http://127.0.0.1:3000', dataDir: './content/example-data' });
createServer(toNodeHandler(service)).listen(3000, '127.0.0.1', () => {
  console.log('Admin API at http://127.0.0.1:3000/svc/api/v3/admin/');
});
