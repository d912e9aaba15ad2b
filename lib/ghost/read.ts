// Reads a Ghost export as a stream: each row of each table is handed over as soon as it is parsed, and
// nothing else of the file is kept, so a 100 MB export is never held as text and as objects at once.
// @streamparser/json tokenises incrementally with Web APIs only (the core must not need Node).
import { JSONParser } from '@streamparser/json';
import { badRequest } from '../http/errors';

export interface ExportVisitor {
  meta(value: unknown): void;
  /** Called in file order; the reader waits for it before parsing further. */
  rows(table: string, rows: unknown[]): Promise<void>;
}

// `{"db":[{meta, data}]}` as Ghost exports it, or `{meta, data}` as its importer also accepts
const PATHS = ['$.db.0.meta', '$.db.0.data.*.*', '$.meta', '$.data.*.*'];
/** Rows handed over together: one statement's worth of posts. */
const ROWS_PER_CALL = 200;

function notJson(error: unknown): Error {
  return badRequest('The import file is not valid JSON.', { context: (error as Error).message?.slice(0, 300) ?? null, property: 'importfile' });
}

export async function readExport(source: AsyncIterable<Uint8Array>, visitor: ExportVisitor, onBytes?: (read: number) => void): Promise<void> {
  const parser = new JSONParser({ paths: PATHS, keepStack: false });
  let pending: { table: string; rows: unknown[] } | null = null;
  const ready: { table: string; rows: unknown[] }[] = [];
  let tokens = false;
  parser.onValue = ({ value, stack }) => {
    const keys = stack.map((frame) => frame.key);
    const table = keys[keys.length - 1];
    if (keys.length === 1 || (keys.length === 3 && keys[1] === 'db')) {
      visitor.meta(value);
      return;
    }
    if (typeof table !== 'string') return;
    if (pending && pending.table !== table) {
      ready.push(pending);
      pending = null;
    }
    pending ??= { table, rows: [] };
    pending.rows.push(value);
    if (pending.rows.length >= ROWS_PER_CALL) {
      ready.push(pending);
      pending = null;
    }
  };
  let read = 0;
  for await (const chunk of source) {
    // small pieces, so that the rows one piece completes stay few
    for (let at = 0; at < chunk.length; at += 65536) {
      try {
        parser.write(chunk.subarray(at, at + 65536));
        tokens = true;
      } catch (error) {
        throw notJson(error);
      }
      while (ready.length) {
        const next = ready.shift()!;
        await visitor.rows(next.table, next.rows);
      }
    }
    read += chunk.length;
    onBytes?.(read);
  }
  if (!tokens) throw notJson(new Error('The file is empty.'));
  if (!parser.isEnded) {
    try {
      parser.end();
    } catch (error) {
      throw notJson(error);
    }
  }
  const last = pending as { table: string; rows: unknown[] } | null;
  if (last) await visitor.rows(last.table, last.rows);
}
