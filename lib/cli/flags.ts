// Flags every command that works on a site takes, parsed one way: a mistake is a UsageError (exit 2).
import { parseArgs } from 'node:util';
import { resolveOptions } from '../options';
import { UsageError, type CliIo } from './command';
import { databaseUrlProblem } from './database-url';
import { SiteError, type SiteFlags } from './site';

type OptionSpec = { type: 'string' | 'boolean'; short?: string };

export const SITE_OPTIONS = {
  data: { type: 'string' },
  'database-url': { type: 'string' },
  name: { type: 'string' },
  url: { type: 'string' },
} satisfies Record<string, OptionSpec>;

/** The usage lines of SITE_OPTIONS, for each command's `--help`. */
export const SITE_USAGE = `Site options:
  --data <dir>           the site's folder (default ./content), as Ghost lays out content/: data/ (the
                         embedded database), images/, themes/, pressroom-credentials.json; nothing is
                         written outside it
  --database-url <url>   a PostgreSQL database instead (or DATABASE_URL), which then also keeps the
                         uploads; --data then only holds the credentials file
  --name <name>          the service's name: URL prefix, auth scheme word (default svc)
  --url <url>            the public site URL, used in url fields`;

export interface Parsed {
  values: Record<string, string | boolean | undefined>;
  positionals: string[];
}

export function parseFlags(argv: string[], options: Record<string, OptionSpec>, positionals = false): Parsed {
  try {
    const parsed = parseArgs({ args: argv, options, allowPositionals: positionals, strict: true });
    return { values: parsed.values as Parsed['values'], positionals: parsed.positionals };
  } catch (error) {
    // node:util's own words, without its advice about `--` that no command here needs
    throw new UsageError((error as Error).message.replace(/\. To specify a positional argument.*$/s, '.'));
  }
}

const text = (value: string | boolean | undefined) => (typeof value === 'string' ? value : undefined);

/** The site flags, checked before anything is opened: a bad name, URL or database URL is reported first. */
export function siteFlags(values: Parsed['values'], io: CliIo): SiteFlags {
  const fromFlag = text(values['database-url']);
  const databaseUrl = fromFlag ?? (io.env.DATABASE_URL || undefined);
  if (databaseUrl !== undefined) {
    const problem = databaseUrlProblem(databaseUrl);
    if (problem && fromFlag !== undefined) throw new UsageError(`--database-url ${problem}`);
    if (problem) throw new SiteError(`DATABASE_URL ${problem}`);
  }
  const name = text(values.name);
  const url = text(values.url);
  try {
    resolveOptions({ name, url });
  } catch (error) {
    throw new UsageError((error as Error).message.replace(/^pressroom: option (\w+)/, '--$1'));
  }
  if (values.data === '') throw new UsageError('--data needs a directory');
  return { data: text(values.data), databaseUrl, name, url };
}
