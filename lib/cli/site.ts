// Opens the site a CLI command works on: the embedded database in --data, or a PostgreSQL server.
import { DirectoryFileStore } from '../files/directory';
import type { Logger } from '../logger';
import type { Mailer } from '../mail/mailer';
import { createService, type Service } from '../service';
import { createPgliteStorage } from '../storage/pglite/storage';
import type { Storage } from '../storage/storage';
import { describe, isUnavailable } from '../storage/pg-faults';
import { siteLayout } from './site-layout';
import { databaseUrlProblem, redactedDatabaseUrl, withoutPassword } from './database-url';

export interface SiteFlags {
  /** The site's folder (default ./content): data/ (the embedded database), images/, themes/, the credentials file. */
  data?: string;
  databaseUrl?: string;
  /** How long to wait for a PostgreSQL server that cannot be reached yet, in seconds (a line per attempt); default 0. */
  databaseWaitSeconds?: number;
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
  /** The embedded database's directory (not created with a PostgreSQL database). */
  dataDir: string;
  /** The site's folder (--data), which pressroom writes only inside. */
  root: string;
  /** pressroom-credentials.json: in the site's folder (or where a site of the earlier layout keeps it). */
  credentialsFile: string;
  /** Where the database is, as it may be printed (a PostgreSQL URL without its password). */
  database: string;
  /** Where uploads are kept, as it may be printed: two folders, or the PostgreSQL database. */
  uploads: string;
  close(): Promise<void>;
}

/** The site's folder unless --data names another: Ghost's content/ layout. */
export const DEFAULT_DATA = './content';

/** A failure to open the site whose message is meant for the operator as it stands. */
export class SiteError extends Error {}

/** The wait between attempts to reach a PostgreSQL server: 1 s, growing to 5 s. */
const attemptDelayMs = (attempt: number) => Math.min(1000 * attempt, 5000);

/** Opens the database, trying again while it cannot be reached (containers start in any order) for up to `waitSeconds`. */
async function openPostgres(databaseUrl: string, waitSeconds: number, logger?: Logger): Promise<Storage> {
  const problem = databaseUrlProblem(databaseUrl);
  if (problem) throw new SiteError(`The database URL ${problem}.`);
  let pg: typeof import('../storage/pg');
  try {
    pg = await import('../storage/pg');
  } catch (error) {
    throw new SiteError(`Cannot load PostgreSQL support: ${(error as Error).message}`);
  }
  const where = redactedDatabaseUrl(databaseUrl);
  const started = Date.now();
  const deadline = started + waitSeconds * 1000;
  for (let attempt = 1; ; attempt++) {
    try {
      return await pg.createPgStorage({ connectionString: databaseUrl, logger });
    } catch (error) {
      const err = error as NodeJS.ErrnoException;
      if (err.code === 'ERR_MODULE_NOT_FOUND' && /'pg'/.test(err.message)) {
        throw new SiteError('A PostgreSQL database needs the pg package: npm install pg');
      }
      const cause = withoutPassword(describe(error), databaseUrl);
      const delay = attemptDelayMs(attempt);
      // a refused password or a missing database will not mend by waiting; an absent server may
      if (!isUnavailable(error) || Date.now() + delay > deadline) {
        const tried = attempt > 1 ? ` (${attempt} attempts in ${Math.round((Date.now() - started) / 1000)} s)` : '';
        throw new SiteError(`Cannot open the PostgreSQL database ${where}${tried}: ${cause}`);
      }
      logger?.warn(`PostgreSQL at ${where} not reachable (attempt ${attempt}; waiting up to ${waitSeconds} s, see --database-wait): ${cause}`);
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

export async function openSite(flags: SiteFlags): Promise<OpenSite> {
  const layout = await siteLayout(flags.data ?? DEFAULT_DATA, !flags.databaseUrl);
  for (const notice of layout.notices) flags.logger?.warn(notice);
  const dataDir = layout.database;
  // on a PostgreSQL server uploads are kept in that database (its storage's PgFileStore), so every
  // instance serves every upload; with the embedded database they are folders of the site
  const folders = [layout.images, layout.themes];
  const files = flags.databaseUrl ? undefined : { images: new DirectoryFileStore(folders[0]), themes: new DirectoryFileStore(folders[1]) };
  const storage = flags.databaseUrl
    ? await openPostgres(flags.databaseUrl, flags.databaseWaitSeconds ?? 0, flags.logger)
    : await createPgliteStorage({ dataDir, logger: flags.logger });
  let service: Service;
  try {
    service = await createService({ name: flags.name, url: flags.url, storage, files, logger: flags.logger, mail: flags.mail });
  } catch (error) {
    await storage.close();
    throw error;
  }
  const database = flags.databaseUrl ? redactedDatabaseUrl(flags.databaseUrl) : dataDir;
  const uploads = files ? folders.join(', ') : 'in the database';
  return { service, storage, dataDir, root: layout.root, credentialsFile: layout.credentialsFile, database, uploads, close: () => service.close() };
}
