// `pressroom serve`: binds the port first (so a port in use is reported before anything is written),
// opens the site, prints the start banner, then answers — one log line per request — until stopped.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { toNodeHandler } from '../adapters/node';
import { VERSION } from '../version';
import type { CliIo } from './command';
import { privateFile, readCredentials, writeCredentials, type Credentials } from './credentials';
import { generatePassword } from './operator';
import { serveLog, type LogFormat, type ServeLog } from './output';
import { withRequestLog } from './request-log';
import { openSite, SiteError, type OpenSite } from './site';
import { redactedSmtpUrl, smtpMailer, terminalMailer, type SmtpSettings } from './smtp-mailer';

export interface ServeOptions {
  /** 0: any free port; the one chosen is printed and used in every `url`. */
  port: number;
  host: string;
  /** The site's folder (`--data`): the embedded database in data/, images/, themes/, the credentials file. */
  dataDir: string;
  /** A PostgreSQL server instead of the embedded database; `dataDir` then holds only the credentials file; uploads go to the database. */
  databaseUrl?: string;
  /** How long to wait for the PostgreSQL server at start, in seconds (a line per attempt), before exiting 1. */
  databaseWaitSeconds?: number;
  name: string;
  url?: string;
  logFormat?: LogFormat;
  /** Leaves out the start banner, the one place keys and the first Owner password are printed. */
  quiet?: boolean;
  /** Sends the service's mail by SMTP; without it each mail's link is logged instead. */
  smtp?: SmtpSettings;
}

export interface RunningServer {
  url: string;
  port: number;
  /** Stops taking requests, lets those in flight finish, stops the webhook worker and closes the database. */
  close(reason?: string): Promise<void>;
}

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

/** How long in-flight requests get to finish on shutdown before their connections are cut. */
const DRAIN_MS = 4000;

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const failed = (error: NodeJS.ErrnoException) => {
      const where = `${host}:${port}`;
      if (error.code === 'EADDRINUSE') reject(new SiteError(`Port ${port} on ${host} is already in use; choose another with --port.`));
      else if (error.code === 'EACCES') reject(new SiteError(`No permission to listen on ${where}; use a port above 1023 or another --host.`));
      else if (error.code === 'EADDRNOTAVAIL' || error.code === 'ENOTFOUND')
        reject(new SiteError(`Cannot listen on ${where}: this machine has no such address.`));
      else reject(new SiteError(`Cannot listen on ${where}: ${error.message}`));
    };
    server.once('error', failed);
    server.listen(port, host, () => {
      server.off('error', failed);
      resolve();
    });
  });
}

function urlHost(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}

/** The Owner and an integration on a site's first start; null for a site set up before (or meanwhile). */
async function firstStart(site: OpenSite): Promise<Credentials | null> {
  const isSetUp = async () => (await site.storage.settings.get('setup_done')) === 'true' || (await site.storage.users.count()) > 0;
  if (await isSetUp()) return null;
  const ownerEmail = 'owner@example.com';
  const ownerPassword = generatePassword();
  try {
    await site.service.setup({ name: 'Site Owner', email: ownerEmail, password: ownerPassword, title: 'My pressroom site' });
  } catch (error) {
    // another instance on the same PostgreSQL database set it up a moment ago
    if (await isSetUp()) return null;
    throw error;
  }
  const { id, adminKey, contentKey } = await site.service.createIntegration({ name: 'pressroom CLI' });
  return { ownerEmail, ownerPassword, integrationId: id, adminKey, contentKey };
}

interface Banner {
  credentials: Credentials | null;
  /** The Owner's password is printed on the first start only. */
  first: boolean;
}

async function credentialsFor(site: OpenSite, log: ServeLog): Promise<Banner> {
  const file = site.credentialsFile;
  const kept = await readCredentials(file);
  if (kept) {
    if (await privateFile(file)) log.warn(`Made ${file} private to its owner (mode 600): others could read it.`);
    return { credentials: kept, first: false };
  }
  const created = await firstStart(site);
  if (created) {
    await writeCredentials(file, created);
    return { credentials: created, first: true };
  }
  log.warn(
    `The site is set up, but ${file} is missing, so no keys are printed. ` +
      "`pressroom keys` prints every integration's keys (`keys --new <name>` issues new ones); " +
      '`pressroom reset-password <email>` sets a new password for a staff user.',
  );
  return { credentials: null, first: false };
}

function printBanner(io: CliIo, format: LogFormat, url: string, site: OpenSite, name: string, banner: Banner): void {
  const api = `${url}/${name}/api/v3`;
  const { credentials, first } = banner;
  const owner =
    credentials && (first ? `${credentials.ownerEmail} / ${credentials.ownerPassword}` : `${credentials.ownerEmail} (password as printed on the first start)`);
  if (format === 'json') {
    const fields = {
      url,
      adminClient: `${url}/${name}/`,
      adminApi: `${api}/admin/`,
      contentApi: `${api}/content/`,
      ...(credentials ? { adminKey: credentials.adminKey, contentKey: credentials.contentKey, ownerEmail: credentials.ownerEmail } : {}),
      ...(credentials && first ? { ownerPassword: credentials.ownerPassword } : {}),
      data: site.database,
      files: site.uploads,
    };
    io.stdout.write(`${JSON.stringify({ banner: fields })}\n`);
    return;
  }
  const lines = [
    `pressroom is serving ${url}`,
    `  Admin client:    ${url}/${name}/`,
    `  Admin API:       ${api}/admin/`,
    `  Content API:     ${api}/content/`,
    ...(credentials ? [`  Admin API key:   ${credentials.adminKey}`, `  Content API key: ${credentials.contentKey}`, `  Owner login:     ${owner}`] : []),
    `  Data:            ${site.database}`,
    `  Files:           ${site.uploads}`,
  ];
  io.stdout.write(`${lines.join('\n')}\n`);
}

export async function serve(options: ServeOptions, io: CliIo): Promise<RunningServer> {
  const format = options.logFormat ?? 'pretty';
  const log = serveLog(io, format);
  const started = performance.now();

  // requests that arrive while the site opens wait for it
  let answer: (Listener & { inFlight(): number }) | null = null;
  const waiting: [IncomingMessage, ServerResponse][] = [];
  const server = createServer((req, res) => (answer ? answer(req, res) : waiting.push([req, res])));
  await listen(server, options.port, options.host);
  const port = (server.address() as AddressInfo).port;
  const url = options.url ?? `http://${urlHost(options.host)}:${port}`;
  log.info(`pressroom ${VERSION}: port ${port} bound, opening the ${options.databaseUrl ? 'PostgreSQL' : 'embedded'} database`);

  let site: OpenSite;
  try {
    const mail = options.smtp ? await smtpMailer(options.smtp) : terminalMailer((line) => log.warn(line));
    if (options.smtp) log.info(`mail goes out through ${redactedSmtpUrl(options.smtp.url)} from ${options.smtp.from}`);
    site = await openSite({
      data: options.dataDir,
      databaseUrl: options.databaseUrl,
      databaseWaitSeconds: options.databaseWaitSeconds,
      name: options.name,
      url,
      logger: log,
      mail,
    });
  } catch (error) {
    server.close();
    throw error;
  }
  log.info(`database ready in ${seconds(started)} (${site.database})`);
  let banner: Banner;
  try {
    banner = await credentialsFor(site, log);
  } catch (error) {
    server.close();
    await site.close();
    throw error;
  }
  if (!options.quiet) printBanner(io, format, url, site, options.name, banner);

  const handler = withRequestLog(toNodeHandler(site.service), (entry) => log.request(entry));
  answer = handler;
  for (const [req, res] of waiting.splice(0)) handler(req, res);
  log.info(`listening on ${url} (started in ${seconds(started)})`);

  let closing: Promise<void> | undefined;
  return {
    url,
    port,
    close(reason) {
      closing ??= (async () => {
        const stopping = performance.now();
        log.info(`shutting down${reason ? ` (${reason})` : ''}: ${handler.inFlight()} requests in flight`);
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        // answered keep-alive connections close at once; the rest as soon as their response is done
        const deadline = Date.now() + DRAIN_MS;
        while (handler.inFlight() > 0 && Date.now() < deadline) {
          server.closeIdleConnections();
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        server.closeIdleConnections();
        if (handler.inFlight() > 0) log.warn(`${handler.inFlight()} requests still unanswered after ${DRAIN_MS / 1000} s; cutting them off`);
        server.closeAllConnections();
        await closed;
        // stops the webhook worker after its current deliveries, then closes the database
        await site.close();
        log.info(`stopped in ${seconds(stopping)}`);
      })();
      return closing;
    },
  };
}
