// Opens the site a CLI command works on: the embedded database in --data, or a PostgreSQL server.
import { dirname, join, resolve } from 'node:path';
import { DirectoryFileStore } from '../files/directory';
import type { Logger } from '../logger';
import type { Mailer } from '../mail/mailer';
import { createService, type Service } from '../service';
import { createPgliteStorage } from '../storage/pglite/storage';
import type { Storage } from '../storage/storage';
import { databaseUrlProblem, redactedDatabaseUrl, withoutPassword } from './database-url';

export interface SiteFlags {
  /** The data directory (default ./content/data); with a database URL it is not created, and its parent folder holds credentials and uploads. */
  data?: string;
  databaseUrl?: string;
  name?: string;
  url?: string;
  /** Notices while opening and running (permissions narrowed, failures recovered from); silent if omitted. */
  logger?: Logger;
  /** Sends invitation and password-reset mail (lib/cli/smtp-mailer.ts). */
  mail?: Mailer;
}

export interface OpenSite {
  service: Service;
  /** The service's storage, for operator commands that work below the API (keys, passwords). */
  storage: Storage;
  dataDir: string;
  /** Where uploads and the credentials file live: the data directory's parent folder. */
  contentDir: string;
  /** Where the database is, as it may be printed (a PostgreSQL URL without its password). */
  database: string;
  /** Where uploads are kept, as it may be printed: two folders, or the PostgreSQL database. */
  uploads: string;
  close(): Promise<void>;
}

/** A failure to open the site whose message is meant for the operator as it stands. */
export class SiteError extends Error {}

async function openPostgres(databaseUrl: string): Promise<Storage> {
  const problem = databaseUrlProblem(databaseUrl);
  if (problem) throw new SiteError(`The database URL ${problem}.`);
  let pg: typeof import('../storage/pg');
  try {
    pg = await import('../storage/pg');
  } catch (error) {
    throw new SiteError(`Cannot load PostgreSQL support: ${(error as Error).message}`);
  }
  try {
    return await pg.createPgStorage({ connectionString: databaseUrl });
  } catch (error) {
    const err = error as NodeJS.ErrnoException;
    if (err.code === 'ERR_MODULE_NOT_FOUND' && /'pg'/.test(err.message)) {
      throw new SiteError('A PostgreSQL database needs the pg package: npm install pg');
    }
    throw new SiteError(`Cannot open the PostgreSQL database ${redactedDatabaseUrl(databaseUrl)}: ${withoutPassword(err.message, databaseUrl)}`);
  }
}

export async function openSite(flags: SiteFlags): Promise<OpenSite> {
  const dataDir = resolve(flags.data ?? './content/data');
  // uploads sit beside the database: ./content/images and ./content/themes with the default --data
  const contentDir = dirname(dataDir);
  // on a PostgreSQL server uploads are kept in that database (its storage's PgFileStore), so every
  // instance serves every upload; beside the embedded database they are folders
  const folders = [join(contentDir, 'images'), join(contentDir, 'themes')];
  const files = flags.databaseUrl ? undefined : { images: new DirectoryFileStore(folders[0]), themes: new DirectoryFileStore(folders[1]) };
  const storage = flags.databaseUrl ? await openPostgres(flags.databaseUrl) : await createPgliteStorage({ dataDir, logger: flags.logger });
  let service: Service;
  try {
    service = await createService({ name: flags.name, url: flags.url, storage, files, logger: flags.logger, mail: flags.mail });
  } catch (error) {
    await storage.close();
    throw error;
  }
  const database = flags.databaseUrl ? redactedDatabaseUrl(flags.databaseUrl) : dataDir;
  const uploads = files ? folders.join(', ') : 'in the database';
  return { service, storage, dataDir, contentDir, database, uploads, close: () => service.close() };
}
