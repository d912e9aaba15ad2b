// Finds the rows of a Ghost export in a stream of bytes without parsing what lies between them: the
// file's outer structure (`{"db":[{"meta":…,"data":{"posts":[…],…}}]}`, or `{"meta":…,"data":{…}}`)
// is followed token by token, and each row is cut out whole and handed to JSON.parse, which is native.
// A general streaming JSON parser (@streamparser/json, tried first) tokenises every character of every
// post into values: on a 34 MB export it took 950 ms of CPU, this 360 ms with the JSON.parse of every row.
import { badRequest } from '../core/errors';

export interface ScannedValue {
  /** `meta`, or the table a row belongs to. */
  table: string;
  meta: boolean;
  text: string;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const decoder = new TextDecoder('utf-8', { fatal: false });

type Frame = { kind: 'object'; key: string | null; expectKey: boolean; expectColon: boolean } | { kind: 'array'; index: number };

function invalid(message: string): Error {
  return badRequest('The import file is not valid JSON.', { context: message, property: 'importfile' });
}

const isSpace = (b: number) => b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09;

/**
 * Feeds chunks in; `take()` hands out the values completed so far. Where a value is captured is
 * decided by its path: `db.0.meta` / `meta`, and `db.0.data.<table>.<n>` / `data.<table>.<n>`.
 */
export class ExportScanner {
  private readonly stack: Frame[] = [];
  private readonly done: ScannedValue[] = [];
  private started = false;
  private ended = false;
  // a value being captured: its pieces so far, nesting depth and string state
  private capture: { table: string; meta: boolean; pieces: Uint8Array[]; depth: number; inString: boolean; escaped: boolean } | null = null;
  // an outer string (a key, or a scalar value being skipped) and an outer scalar
  private outerString: { bytes: number[]; escaped: boolean; isKey: boolean } | null = null;
  private scalar = false;
  private sawDb = false;
  private sawData = false;

  /** What of a Ghost export's outer structure the file had: a `db` key, and its `data` object (`db[0].data`, or a top-level `data`). */
  get shape(): { db: boolean; data: boolean } {
    return { db: this.sawDb, data: this.sawData };
  }

  take(): ScannedValue[] {
    return this.done.splice(0);
  }

  get finished(): boolean {
    return this.ended;
  }

  private path(): (string | number)[] {
    return this.stack.map((frame) => (frame.kind === 'array' ? frame.index : (frame.key ?? '')));
  }

  /** Where a value starting now would be captured, if at all. */
  private target(): { table: string; meta: boolean } | null {
    const path = this.path();
    const inner = path[0] === 'db' && path[1] === 0 ? path.slice(2) : path;
    if (inner.length === 1 && inner[0] === 'meta' && (path.length === 1 || path.length === 3)) return { table: 'meta', meta: true };
    if (inner.length === 3 && inner[0] === 'data' && typeof inner[1] === 'string' && typeof inner[2] === 'number' && (path.length === 3 || path.length === 5)) {
      return { table: inner[1], meta: false };
    }
    return null;
  }

  private finishCapture(upTo: Uint8Array): void {
    const capture = this.capture!;
    capture.pieces.push(upTo);
    const total = capture.pieces.reduce((n, p) => n + p.length, 0);
    let bytes: Uint8Array;
    if (capture.pieces.length === 1) bytes = capture.pieces[0];
    else {
      bytes = new Uint8Array(total);
      let at = 0;
      for (const piece of capture.pieces) {
        bytes.set(piece, at);
        at += piece.length;
      }
    }
    this.done.push({ table: capture.table, meta: capture.meta, text: decoder.decode(bytes) });
    this.capture = null;
    this.valueEnded();
  }

  private valueEnded(): void {
    const top = this.stack[this.stack.length - 1];
    if (!top) this.ended = true;
  }

  /** Advances past the captured value's bytes in `chunk` from `at`; returns where the capture ended, or -1. */
  private skipCaptured(chunk: Uint8Array, at: number): number {
    const c = this.capture!;
    let i = at;
    const n = chunk.length;
    while (i < n) {
      if (c.inString) {
        if (c.escaped) {
          c.escaped = false;
          i++;
          continue;
        }
        while (i < n) {
          const byte = chunk[i];
          if (byte === QUOTE || byte === BACKSLASH) break;
          i++;
        }
        if (i >= n) return -1;
        if (chunk[i] === BACKSLASH) {
          c.escaped = true;
          i++;
          continue;
        }
        c.inString = false;
        i++;
        continue;
      }
      const byte = chunk[i];
      if (byte === QUOTE) c.inString = true;
      else if (byte === 0x7b || byte === 0x5b) c.depth++;
      else if (byte === 0x7d || byte === 0x5d) {
        c.depth--;
        if (c.depth === 0) return i + 1;
      }
      i++;
    }
    return -1;
  }

  write(chunk: Uint8Array): void {
    let i = 0;
    const n = chunk.length;
    while (i < n) {
      if (this.capture) {
        const start = i;
        const end = this.skipCaptured(chunk, i);
        if (end < 0) {
          this.capture.pieces.push(chunk.slice(start));
          return;
        }
        this.finishCapture(chunk.subarray(start, end));
        i = end;
        continue;
      }
      if (this.outerString) {
        const s = this.outerString;
        const byte = chunk[i++];
        if (s.escaped) {
          s.escaped = false;
          s.bytes.push(byte);
        } else if (byte === BACKSLASH) {
          s.escaped = true;
          s.bytes.push(byte);
        } else if (byte === QUOTE) {
          this.outerString = null;
          if (s.isKey) {
            const top = this.stack[this.stack.length - 1] as Extract<Frame, { kind: 'object' }>;
            try {
              top.key = JSON.parse(`"${decoder.decode(Uint8Array.from(s.bytes))}"`) as string;
            } catch {
              throw invalid('A key is not a valid string.');
            }
            top.expectKey = false;
            top.expectColon = true;
          } else this.valueEnded();
        } else if (s.bytes.length < 1024) s.bytes.push(byte);
        continue;
      }
      const byte = chunk[i];
      if (this.scalar) {
        if (byte === 0x2c || byte === 0x7d || byte === 0x5d || isSpace(byte)) {
          this.scalar = false;
          this.valueEnded();
          continue;
        }
        i++;
        continue;
      }
      i++;
      if (isSpace(byte)) continue;
      if (this.ended) throw invalid('There is more after the end of the JSON value.');
      const top = this.stack[this.stack.length - 1];
      if (top?.kind === 'object' && top.expectKey) {
        if (byte === QUOTE) this.outerString = { bytes: [], escaped: false, isKey: true };
        else if (byte === 0x7d && top.key === null) this.close('object');
        else throw invalid(`Expected a key, found ${JSON.stringify(String.fromCharCode(byte))}.`);
        continue;
      }
      if (byte === 0x3a) {
        if (top?.kind !== 'object' || !top.expectColon) throw invalid('Unexpected ":".');
        top.expectColon = false;
        continue;
      }
      if (byte === 0x2c) {
        if (!top) throw invalid('Unexpected ",".');
        if (top.kind === 'object') top.expectKey = true;
        else top.index++;
        continue;
      }
      if (byte === 0x7d) {
        this.close('object');
        continue;
      }
      if (byte === 0x5d) {
        this.close('array');
        continue;
      }
      // a value starts here
      if (top?.kind === 'object' && top.expectColon) throw invalid('Expected ":" after a key.');
      if (!this.started) this.started = true;
      else if (!top) throw invalid('There is more after the end of the JSON value.');
      const target = this.target();
      if (target && (byte === 0x7b || byte === 0x5b)) {
        this.capture = { ...target, pieces: [], depth: 1, inString: false, escaped: false };
        // the opening bracket belongs to the value
        const rest = chunk.subarray(i - 1);
        const end = this.skipCaptured(rest, 1);
        if (end < 0) {
          this.capture.pieces.push(rest.slice());
          return;
        }
        this.finishCapture(rest.subarray(0, end));
        i = i - 1 + end;
        continue;
      }
      if (target && !target.meta) throw invalid(`A row of ${target.table} is not an object.`);
      this.noteShape(byte);
      if (byte === 0x7b) this.stack.push({ kind: 'object', key: null, expectKey: true, expectColon: false });
      else if (byte === 0x5b) this.stack.push({ kind: 'array', index: 0 });
      else if (byte === QUOTE) this.outerString = { bytes: [], escaped: false, isKey: false };
      else if (/[-0-9tfn]/.test(String.fromCharCode(byte))) this.scalar = true;
      else throw invalid(`Unexpected ${JSON.stringify(String.fromCharCode(byte))}.`);
    }
  }

  private noteShape(byte: number): void {
    if (this.stack.length !== 1 && this.stack.length !== 3) return;
    const path = this.path();
    if (path.length === 1 && path[0] === 'db') this.sawDb = true;
    const dataAt = path.length === 1 ? path[0] === 'data' : path[0] === 'db' && path[1] === 0 && path[2] === 'data';
    if (dataAt && byte === 0x7b) this.sawData = true;
  }

  private close(kind: 'object' | 'array'): void {
    const top = this.stack.pop();
    if (!top || top.kind !== kind) throw invalid(`Unexpected "${kind === 'object' ? '}' : ']'}".`);
    this.valueEnded();
  }

  /** Checks the file ended where its JSON value did. */
  end(): void {
    if (this.scalar) {
      this.scalar = false;
      this.valueEnded();
    }
    if (!this.started) throw invalid('The file is empty.');
    if (!this.ended || this.capture || this.outerString) throw invalid('The file ends in the middle of its JSON.');
  }
}
