import { UsageError, type CliCommand, type CliIo } from '../command';
import { readCredentials, writeCredentials } from '../credentials';
import { parseFlags, SITE_OPTIONS, SITE_USAGE, siteFlags } from '../flags';
import { listKeys, newIntegration, regenerateKeys, type IntegrationKeyLine } from '../operator';
import { openSite } from '../site';

const USAGE = `Usage: pressroom keys [--new <name> | --regenerate <integration id>] [site options]

Prints each custom integration's keys, one line each: its name, id, Content API key and Admin API key.
These are the operator's own; keep them out of logs and chats.

  --new <name>                  create an integration and print its keys
  --regenerate <integration id> give both keys of an integration new secrets and print them; tokens and
                                the content key made with the old ones stop working at once

The embedded database is used by one process at a time: stop \`pressroom serve\` first.

${SITE_USAGE}`;

const line = (keys: IntegrationKeyLine) => `${JSON.stringify(keys.name)} id=${keys.id} content_key=${keys.contentKey} admin_key=${keys.adminKey}\n`;

/** The credentials file keeps the keys `serve` prints: new secrets for its integration go there too. */
async function updateCredentials(file: string, keys: IntegrationKeyLine, io: CliIo): Promise<void> {
  const kept = await readCredentials(file).catch(() => null);
  if (!kept) return;
  const keyIds = new Set([keys.adminKey.split(':')[0]]);
  if (kept.integrationId !== keys.id && !keyIds.has(kept.adminKey.split(':')[0])) return;
  await writeCredentials(file, { ...kept, integrationId: keys.id, adminKey: keys.adminKey, contentKey: keys.contentKey });
  io.stderr.write(`Updated ${file} with the new keys.\n`);
}

export const keysCommand: CliCommand = {
  name: 'keys',
  summary: "print every integration's keys; --new <name> or --regenerate <id> issues new ones",
  usage: USAGE,
  async run(argv, io) {
    const { values } = parseFlags(argv, { ...SITE_OPTIONS, new: { type: 'string' }, regenerate: { type: 'string' } });
    const create = values.new as string | undefined;
    const regenerate = values.regenerate as string | undefined;
    if (create !== undefined && regenerate !== undefined) throw new UsageError('--new and --regenerate go one at a time');
    if (create !== undefined && create.trim() === '') throw new UsageError('--new needs a name');
    if (regenerate !== undefined && !/^[0-9a-f]{24}$/.test(regenerate))
      throw new UsageError('--regenerate needs an integration id (24 hex characters), as `pressroom keys` prints it');
    const site = await openSite(siteFlags(values, io));
    try {
      if (create !== undefined) {
        io.stdout.write(line(await newIntegration(site.storage, create)));
        return 0;
      }
      if (regenerate !== undefined) {
        const found = (await listKeys(site.storage)).some((keys) => keys.id === regenerate);
        if (!found) {
          io.stderr.write(`pressroom keys: no custom integration has the id ${regenerate}.\n`);
          return 1;
        }
        const keys = await regenerateKeys(site.storage, regenerate);
        io.stdout.write(line(keys));
        await updateCredentials(site.credentialsFile, keys, io);
        return 0;
      }
      const all = await listKeys(site.storage);
      for (const keys of all) io.stdout.write(line(keys));
      if (all.length === 0) io.stderr.write('No integrations yet; `pressroom keys --new <name>` creates one.\n');
      return 0;
    } finally {
      await site.close();
    }
  },
};
