// The flags every command that opens a site shares (lib/cli/site.ts), for node:util parseArgs.
import { parseArgs } from 'node:util';
import { UsageError } from '../command';
import type { SiteFlags } from '../site';

export const SITE_FLAGS_USAGE = '[--data ./content/data | --database-url postgres://…] [--url http://…] [--name svc]';

/** The positional arguments and the site's flags; a usage mistake throws UsageError. */
export function parseSiteArgs(argv: string[]): { positionals: string[]; flags: SiteFlags; help: boolean } {
  try {
    const { positionals, values } = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        data: { type: 'string' },
        'database-url': { type: 'string' },
        url: { type: 'string' },
        name: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
    if (values.data && values['database-url']) throw new UsageError('Give --data or --database-url, not both.');
    return {
      positionals,
      help: values.help ?? false,
      flags: { data: values.data, databaseUrl: values['database-url'], url: values.url, name: values.name },
    };
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError((error as Error).message);
  }
}
