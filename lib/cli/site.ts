// Opens the site a CLI command works on: the embedded database in --data, or a PostgreSQL server.
import { dirname, join, resolve } from 'node:path';
import { DirectoryFileStore } from '../files/directory';
import { createService, type Service } from '../service';

export interface SiteFlags {
  /** The data directory (default ./content/data); with a database URL it holds only credentials and uploads. */
  data?: string;
  databaseUrl?: string;
  name?: string;
  url?: string;
}

export interface OpenSite {
  service: Service;
  dataDir: string;
  /** Where uploads and the credentials file live: the data directory's parent folder. */
  contentDir: string;
  close(): Promise<void>;
}

export async function openSite(flags: SiteFlags): Promise<OpenSite> {
  const dataDir = resolve(flags.data ?? './content/data');
  // uploads sit beside the database: ./content/images and ./content/themes with the default --data
  const contentDir = dirname(dataDir);
  const files = { images: new DirectoryFileStore(join(contentDir, 'images')), themes: new DirectoryFileStore(join(contentDir, 'themes')) };
  const storage = flags.databaseUrl ? await (await import('../storage/pg')).createPgStorage({ connectionString: flags.databaseUrl }) : undefined;
  const service = await createService({
    name: flags.name,
    url: flags.url,
    ...(storage ? { storage } : { dataDir }),
    files,
  });
  return { service, dataDir, contentDir, close: () => service.close() };
}
