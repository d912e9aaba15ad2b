import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { dirname, join, resolve } from 'node:path';
import { toNodeHandler } from '../adapters/node';
import { createService, type Service } from '../service';
import { DirectoryFileStore } from '../files/directory';
import { randomHex } from '../util/ids';

export interface ServeOptions {
  port: number;
  host: string;
  dataDir: string;
  name: string;
  url?: string;
}

interface Credentials {
  ownerEmail: string;
  ownerPassword: string;
  adminKey: string;
  contentKey: string;
}

/** First start: the Owner and an integration, whose keys are kept beside the data so restarts print the same ones. */
async function ensureCredentials(service: Service, file: string): Promise<Credentials> {
  if (existsSync(file)) return JSON.parse(await readFile(file, 'utf8')) as Credentials;
  const ownerEmail = 'owner@example.com';
  const ownerPassword = `pr-${randomHex(12)}`;
  await service.setup({ name: 'Site Owner', email: ownerEmail, password: ownerPassword, title: 'My pressroom site' });
  const { adminKey, contentKey } = await service.createIntegration({ name: 'pressroom CLI' });
  const credentials = { ownerEmail, ownerPassword, adminKey, contentKey };
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, `${JSON.stringify(credentials, null, 2)}\n`, { mode: 0o600 });
  await chmod(file, 0o600);
  return credentials;
}

export async function serve(options: ServeOptions): Promise<{ close(): Promise<void> }> {
  const dataDir = resolve(options.dataDir);
  const url = options.url ?? `http://${options.host}:${options.port}`;
  // uploads sit beside the database: ./content/images and ./content/themes with the default --data
  const content = dirname(dataDir);
  const files = { images: new DirectoryFileStore(join(content, 'images')), themes: new DirectoryFileStore(join(content, 'themes')) };
  const service = await createService({ name: options.name, url, dataDir, files });
  const credentials = await ensureCredentials(service, join(dirname(dataDir), 'pressroom-credentials.json'));
  const server = createServer(toNodeHandler(service));
  await new Promise<void>((ok, fail) => {
    server.once('error', fail);
    server.listen(options.port, options.host, ok);
  });
  const api = `${url}/${options.name}/api/v3`;
  console.log(`pressroom is serving ${url}
  Admin API:       ${api}/admin/
  Content API:     ${api}/content/
  Admin API key:   ${credentials.adminKey}
  Content API key: ${credentials.contentKey}
  Owner login:     ${credentials.ownerEmail} / ${credentials.ownerPassword}
  Data:            ${dataDir}
  Files:           ${files.images.root}, ${files.themes.root}`);
  return {
    async close() {
      await new Promise<void>((ok) => server.close(() => ok()));
      await service.close();
    },
  };
}
