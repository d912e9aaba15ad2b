// Reads a Ghost export as a stream: each row of each table is handed over as soon as it has been read,
// and nothing else of the file is kept, so a 100 MB export is never held as text and as objects at once.
import { badRequest } from '../core/errors';
import { ExportScanner } from './scan';

export interface ExportVisitor {
  meta(value: unknown): void;
  /** Called in file order; the reader waits for it before reading further. */
  rows(table: string, rows: unknown[]): Promise<void>;
}

/** Rows handed over together: one statement's worth of posts. */
const ROWS_PER_CALL = 200;
/** Bytes scanned at a time, so that the rows one piece completes stay few. */
const PIECE = 256 * 1024;

function parse(text: string, table: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw badRequest('The import file is not valid JSON.', { context: `In ${table}: ${(error as Error).message.slice(0, 200)}`, property: 'importfile' });
  }
}

/** Reads the whole file; returns what of an export's outer structure it had (see ExportScanner.shape). */
export async function readExport(
  source: AsyncIterable<Uint8Array>,
  visitor: ExportVisitor,
  onBytes?: (read: number) => void,
): Promise<{ db: boolean; data: boolean }> {
  const scanner = new ExportScanner();
  let batch: { table: string; rows: unknown[] } | null = null;
  const flush = async () => {
    if (!batch) return;
    const full = batch;
    batch = null;
    await visitor.rows(full.table, full.rows);
  };
  let read = 0;
  for await (const chunk of source) {
    // a byte-order mark, as editors on Windows write one, is not JSON
    const bom = read === 0 && chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf ? 3 : 0;
    for (let at = bom; at < chunk.length; at += PIECE) {
      scanner.write(chunk.subarray(at, at + PIECE));
      for (const value of scanner.take()) {
        if (value.meta) {
          visitor.meta(parse(value.text, 'meta'));
          continue;
        }
        if (batch && batch.table !== value.table) await flush();
        batch ??= { table: value.table, rows: [] };
        batch.rows.push(parse(value.text, value.table));
        if (batch.rows.length >= ROWS_PER_CALL) await flush();
      }
    }
    read += chunk.length;
    onBytes?.(read);
  }
  scanner.end();
  await flush();
  return scanner.shape;
}
