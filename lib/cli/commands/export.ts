// `pressroom export <file.json>`: the site as a Ghost-format export, written as it is read.
import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type CliCommand, type CliIo, UsageError } from '../command';
import { ProgressBar } from '../progress';
import { openSite } from '../site';
import { errorText } from './import';
import { parseFlags, SITE_OPTIONS, SITE_USAGE, siteFlags } from '../flags';

const USAGE = `Usage: pressroom export <file.json> [site options]

Writes the site as a Ghost-format export (posts, pages, tags, staff without passwords, settings),
which Ghost and \`pressroom import\` read. Exit code 0 written, 1 failed, 2 usage.

${SITE_USAGE}`;

export const exportCommand: CliCommand = {
  name: 'export',
  summary: 'Export the site as a Ghost-format JSON file',
  usage: USAGE,
  async run(argv: string[], io: CliIo): Promise<number> {
    const { positionals, values } = parseFlags(argv, SITE_OPTIONS, true);
    const flags = siteFlags(values, io);
    if (positionals.length !== 1) throw new UsageError('Name the file to write.');
    const file = positionals[0];
    // written beside the target and renamed at the end: a failed export never leaves half a file under its name
    const partial = `${file}.partial`;
    const site = await openSite(flags);
    const bar = new ProgressBar(io.stderr, 'posts');
    let done = 0;
    try {
      const stream = site.service.exportGhost({ onProgress: (p) => bar.update({ done: (done = p.done), total: p.total }) });
      await pipeline(Readable.fromWeb(stream as import('node:stream/web').ReadableStream<Uint8Array>), createWriteStream(partial, { mode: 0o600 }));
      await rename(partial, file);
      bar.finish({ done, total: done });
      io.stdout.write(`Exported ${done} posts and pages to ${file}.\n`);
      return 0;
    } catch (error) {
      await rm(partial, { force: true });
      io.stderr.write(`\n${errorText('export', error)}`);
      return 1;
    } finally {
      await site.close();
    }
  },
};
