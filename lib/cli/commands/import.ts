// `pressroom import <file.json|file.zip>`: a Ghost export into the site, with progress and a summary.
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { ApiError } from '../../core/errors';
import type { ImportInput, ImportResult } from '../../ghost/import';
import { type CliCommand, type CliIo, UsageError } from '../command';
import { ProgressBar } from '../progress';
import { openSite } from '../site';
import { parseFlags, SITE_OPTIONS, SITE_USAGE, siteFlags } from '../flags';

const USAGE = `Usage: pressroom import <file.json|file.zip> [site options]

Imports a Ghost export (2.x–6.x; a zip with content/images/… brings its images), all or nothing.
Records already on the site are skipped and listed. Exit code 0 imported, 1 refused, 2 usage.

${SITE_USAGE}`;
const LISTED = 20;

function plural(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

export function describeImport(result: ImportResult): string {
  const { imported: i, problems } = result;
  const lines = [
    `Imported ${plural(i.posts, 'post')}, ${plural(i.pages, 'page')}, ${plural(i.tags, 'tag')}, ${plural(i.users, 'user')}, ` +
      `${plural(i.images, 'image')}, ${plural(i.settings, 'setting')}${i.lexical ? ` (${i.lexical} in lexical)` : ''}.`,
  ];
  if (problems.length) {
    lines.push(`${plural(problems.length, 'problem')}:`);
    for (const p of problems.slice(0, LISTED)) lines.push(`  ${p.help} ${p.context}: ${p.message}`);
    if (problems.length > LISTED) lines.push(`  … and ${problems.length - LISTED} more.`);
  }
  return `${lines.join('\n')}\n`;
}

async function input(file: string): Promise<ImportInput> {
  const size = (await stat(file)).size;
  // a zip's directory is at its end, so it is read whole; a JSON export streams from the disk
  if (file.toLowerCase().endsWith('.zip')) return { data: new Uint8Array(await readFile(file)) };
  return { stream: Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>, size };
}

export function errorText(command: string, error: unknown): string {
  if (error instanceof ApiError) return `pressroom ${command}: ${error.message}${error.context ? ` (${error.context})` : ''}\n`;
  return `pressroom ${command}: ${(error as Error).message}\n`;
}

export const importCommand: CliCommand = {
  name: 'import',
  summary: 'Import a Ghost export (.json or .zip with images) into the site',
  usage: USAGE,
  async run(argv: string[], io: CliIo): Promise<number> {
    const { positionals, values } = parseFlags(argv, SITE_OPTIONS, true);
    const flags = siteFlags(values, io);
    if (positionals.length !== 1) throw new UsageError('Name one export file to import.');
    const file = positionals[0];
    let source: ImportInput;
    try {
      source = await input(file);
    } catch (error) {
      io.stderr.write(errorText('import', error));
      return 1;
    }
    const site = await openSite(flags);
    const bar = new ProgressBar(io.stderr, 'posts');
    try {
      const result = await site.service.importGhost(source, {
        onProgress: (p) => bar.update({ done: p.done, total: null, fraction: p.bytesTotal ? p.bytesRead / p.bytesTotal : null }),
      });
      bar.finish({ done: result.imported.posts + result.imported.pages, total: null });
      io.stdout.write(describeImport(result));
      return 0;
    } catch (error) {
      io.stderr.write(`\n${errorText('import', error)}Nothing was imported.\n`);
      return 1;
    } finally {
      await site.close();
    }
  },
};
