// The site both official-SDK tests (ghost-sdk.test.ts: v3, ghost-sdk-v5.test.ts: v5) talk to: pressroom
// named 'ghost' behind the Node adapter on 127.0.0.1, with an Owner and one integration.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createService } from '../../lib';
import { toNodeHandler } from '../../lib/adapters/node';
import { checkResponses } from '../helpers/openapi-check';

export interface SdkSite {
  /** The address the server listens on, which is also the site's URL. */
  url: string;
  adminKey: string;
  contentKey: string;
  close(): Promise<void>;
}

/** Starts the site titled `title`, its integration named `integration`. */
export async function startSdkSite(title: string, integration: string): Promise<SdkSite> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // a response that does not match the OpenAPI documents of its version reaches the SDK as a 500 (and is logged)
  const service = checkResponses(await createService({ name: 'ghost', url, auth: { passwordIterations: 1000 } }), 'ghost');
  server.on('request', toNodeHandler(service));
  await service.setup({ name: 'Owner Person', email: 'owner@example.com', password: 'a-long-password-1', title });
  const { adminKey, contentKey } = await service.createIntegration({ name: integration });
  return {
    url,
    adminKey,
    contentKey,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await service.close();
    },
  };
}
