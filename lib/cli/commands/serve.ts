import { UsageError, type CliCommand } from '../command';
import { parseFlags, SITE_OPTIONS, SITE_USAGE, siteFlags } from '../flags';
import { LOG_FORMATS, type LogFormat } from '../output';
import { serve } from '../serve';
import { DEFAULT_DATA } from '../site';
import type { CliIo } from '../command';
import { smtpUrlProblem, type SmtpSettings } from '../smtp-mailer';

const USAGE = `Usage: pressroom serve [--port 2368] [--host 127.0.0.1] [--log-format pretty|json] [--quiet] [--database-wait 30]
                      [--smtp-url <url> --mail-from <address>] [site options]

Serves the Admin and Content APIs until SIGINT or SIGTERM. The first start creates the Owner and an
integration and writes their credentials to pressroom-credentials.json (mode 600) in the site's folder.

  --port <port>          0 picks a free port, printed and used in every url (default 2368)
  --host <address>       the address to listen on (default 127.0.0.1)
  --log-format <format>  pretty (default) or json: one line per request and notice on stdout
  --quiet                leave out the start banner (the keys, and the Owner's password on the first start)
  --database-wait <s>    with a PostgreSQL database: how long to wait for it at start, in seconds, a line
                         per attempt, before exiting 1 with the cause (default 30)
  --smtp-url <url>       send invitation and password-reset mail through this SMTP server (or SMTP_URL),
                         smtp://user:password@host:587 or smtps://…:465; without it each mail's link is
                         printed instead (npm install nodemailer to use it)
  --mail-from <address>  the From of that mail (or MAIL_FROM), e.g. "My site <noreply@example.com>"

${SITE_USAGE}`;

export const serveCommand: CliCommand = {
  name: 'serve',
  summary: 'serve the Admin and Content APIs over HTTP',
  usage: USAGE,
  async run(argv, io) {
    const { values } = parseFlags(argv, {
      ...SITE_OPTIONS,
      port: { type: 'string' },
      host: { type: 'string' },
      'log-format': { type: 'string' },
      quiet: { type: 'boolean' },
      'database-wait': { type: 'string' },
      'smtp-url': { type: 'string' },
      'mail-from': { type: 'string' },
    });
    const waitText = (values['database-wait'] as string | undefined) ?? '30';
    const databaseWaitSeconds = Number(waitText);
    if (!/^\d+$/.test(waitText) || databaseWaitSeconds > 86_400) {
      throw new UsageError(`--database-wait must be a number of seconds from 0 to 86400, not ${JSON.stringify(waitText)}`);
    }
    const portText = (values.port as string | undefined) ?? '2368';
    const port = Number(portText);
    if (!/^\d+$/.test(portText) || port > 65535) throw new UsageError(`--port must be a port number from 0 to 65535, not ${JSON.stringify(portText)}`);
    const logFormat = ((values['log-format'] as string | undefined) ?? 'pretty') as LogFormat;
    if (!LOG_FORMATS.includes(logFormat)) throw new UsageError(`--log-format must be pretty or json, not ${JSON.stringify(logFormat)}`);
    const host = (values.host as string | undefined) ?? '127.0.0.1';
    if (host === '') throw new UsageError('--host needs an address');
    const site = siteFlags(values, io);
    const smtp = smtpFlags(values, io);

    // whatever the operator's umask, what this process writes (credentials, uploads) is its own
    process.umask(0o077);
    // listened for before the server starts: a signal that comes while it starts (or just as it says
    // `listening on`) still stops it cleanly, instead of ending the process with Node's default
    const signalled = new Promise<NodeJS.Signals>((resolve) => {
      process.once('SIGINT', () => resolve('SIGINT'));
      process.once('SIGTERM', () => resolve('SIGTERM'));
    });
    const server = await serve(
      {
        port,
        host,
        dataDir: site.data ?? DEFAULT_DATA,
        databaseUrl: site.databaseUrl,
        databaseWaitSeconds,
        name: site.name ?? 'svc',
        url: site.url,
        logFormat,
        quiet: values.quiet === true,
        smtp,
      },
      io,
    );
    const signal = await signalled;
    // a second signal while draining: stop at once
    const force = () => process.exit(1);
    process.once('SIGINT', force);
    process.once('SIGTERM', force);
    await server.close(signal);
    return 0;
  },
};

/** --smtp-url (or SMTP_URL) with --mail-from (or MAIL_FROM), checked before anything starts. */
function smtpFlags(values: Record<string, string | boolean | undefined>, io: CliIo): SmtpSettings | undefined {
  const fromFlag = typeof values['smtp-url'] === 'string' ? values['smtp-url'] : undefined;
  const url = fromFlag ?? (io.env.SMTP_URL || undefined);
  const from = (typeof values['mail-from'] === 'string' ? values['mail-from'] : undefined) ?? (io.env.MAIL_FROM || undefined);
  if (url === undefined) {
    if (from !== undefined && typeof values['mail-from'] === 'string') throw new UsageError('--mail-from needs --smtp-url (or SMTP_URL)');
    return undefined;
  }
  const problem = smtpUrlProblem(url);
  if (problem) throw new UsageError(`${fromFlag !== undefined ? '--smtp-url' : 'SMTP_URL'} ${problem}`);
  if (!from) throw new UsageError('--smtp-url needs --mail-from (or MAIL_FROM): the address the mail comes from');
  return { url, from };
}
