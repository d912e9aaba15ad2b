import type { Readable } from 'node:stream';
import { DEFAULT_PASSWORD_ITERATIONS } from '../../options';
import { UsageError, type CliCommand } from '../command';
import { readCredentials, writeCredentials } from '../credentials';
import { parseFlags, SITE_OPTIONS, SITE_USAGE, siteFlags } from '../flags';
import { generatePassword, setPassword } from '../operator';
import { openSite } from '../site';

const USAGE = `Usage: pressroom reset-password <email> [--password-stdin] [site options]

Sets a new password for the staff user with that email, prints it, and signs the user out everywhere.

  --password-stdin   read the new password from the first line of standard input instead of
                     generating one (nothing is printed then)

The embedded database is used by one process at a time: stop \`pressroom serve\` first.

${SITE_USAGE}`;

/** The first line of a stream, without its line ending. */
async function firstLine(stream: Readable): Promise<string> {
  let text = '';
  for await (const chunk of stream) {
    text += chunk.toString();
    if (text.includes('\n')) break;
  }
  return text.split(/\r?\n/, 1)[0];
}

export const resetPasswordCommand: CliCommand = {
  name: 'reset-password',
  summary: 'set a new password for a staff user (the Owner, when locked out)',
  usage: USAGE,
  async run(argv, io) {
    const { values, positionals } = parseFlags(argv, { ...SITE_OPTIONS, 'password-stdin': { type: 'boolean' } }, true);
    if (positionals.length !== 1)
      throw new UsageError(positionals.length === 0 ? 'the email of the user is missing' : `one email only, got ${positionals.length} arguments`);
    const [email] = positionals;
    const flags = siteFlags(values, io);
    const fromStdin = values['password-stdin'] === true;
    const password = fromStdin ? await firstLine(io.stdin) : generatePassword();
    if (fromStdin && password === '') {
      io.stderr.write('pressroom reset-password: standard input held no password.\n');
      return 1;
    }
    const site = await openSite(flags);
    try {
      const problem = await setPassword(site.storage, email, password, DEFAULT_PASSWORD_ITERATIONS);
      if (problem) {
        io.stderr.write(`pressroom reset-password: ${problem}\n`);
        return 1;
      }
    } finally {
      await site.close();
    }
    const file = site.credentialsFile;
    const kept = await readCredentials(file).catch(() => null);
    if (kept && kept.ownerEmail.toLowerCase() === email.trim().toLowerCase()) await writeCredentials(file, { ...kept, ownerPassword: password });
    if (!fromStdin) io.stdout.write(`${password}\n`);
    io.stderr.write(`The password of ${email.trim()} is set; their sessions are signed out.\n`);
    return 0;
  },
};
