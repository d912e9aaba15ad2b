// One service per server process, created by the first request and shared by every route handler. The
// data is in ./content/data, uploads beside it in ./content/images and ./content/themes.
import { createService, type Service } from 'pressroom';

let service: Promise<Service> | undefined;

/** The first start creates the Owner and an integration, and prints the keys a client needs. */
async function firstStart(site: Service): Promise<void> {
  const password = `example-${crypto.randomUUID()}`;
  try {
    await site.setup({ name: 'Site Owner', email: 'owner@example.com', password, title: 'My site' });
  } catch (error) {
    if ((error as { code?: string }).code === 'SETUP_DONE') return; // `npx pressroom keys` prints them (with the app stopped)
    throw error;
  }
  const { adminKey, contentKey } = await site.createIntegration({ name: 'Next.js app' });
  console.log(`pressroom: Admin API key ${adminKey}\npressroom: Content API key ${contentKey}\npressroom: Owner login owner@example.com / ${password}`);
}

export function pressroom(): Promise<Service> {
  service ??= (async () => {
    const site = await createService({ url: process.env.SITE_URL ?? 'http://localhost:3000', dataDir: process.env.PRESSROOM_DATA ?? './content/data' });
    await firstStart(site);
    return site;
  })();
  return service;
}

/**
 * What the route handlers hand to `toNextHandlers`: it starts the service on the first request. `next build`
 * loads every route module; a service created at load time would set up the site inside the build.
 */
export const site = {
  fetch: async (request: Request, options?: Parameters<Service['fetch']>[1]): Promise<Response> => (await pressroom()).fetch(request, options),
};
