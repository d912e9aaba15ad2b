// Shared by the examples: the first start creates the Owner and an integration and prints the keys a
// client needs; later starts say where to find them. Only this file prints secrets.
import type { Service } from 'pressroom';

/** `siteDir`: the folder the `pressroom` command names with `--data` (the one holding the database's `data/`). */
export async function printKeysOnFirstStart(service: Service, siteDir?: string): Promise<void> {
  const password = `example-${crypto.randomUUID()}`;
  try {
    await service.setup({ name: 'Example Owner', email: 'owner@example.com', password, title: 'Example site' });
  } catch (error) {
    if ((error as { code?: string }).code !== 'SETUP_DONE') throw error;
    console.log(`The site is set up already; stop this process and run \`npx pressroom keys --data ${siteDir}\` for its keys.`);
    return;
  }
  const { adminKey, contentKey } = await service.createIntegration({ name: 'example' });
  console.log(`Admin API key:   ${adminKey}`);
  console.log(`Content API key: ${contentKey}`);
  console.log(`Owner login:     owner@example.com / ${password}`);
}
