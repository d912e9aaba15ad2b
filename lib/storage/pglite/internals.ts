// Everything the PGlite driver uses beyond PGlite's `query`, `exec`, `transaction` and `listen`: SQL
// texts kept prepared inside PGlite, run through the wire protocol, and the replies read here.
// package.json pins PGlite to the exact version this was written against, and
// test/storage/pglite-internals.test.ts checks each thing used here, by name, so that an upgrade
// that changes one fails there first.
//
// Why (bench/README.md, "PGlite on its public API"): `PGlite.query()` sends every statement afresh,
// in six calls into the WebAssembly backend (Parse, Describe, Bind, Describe, Execute, Sync), and
// PostgreSQL parses, analyses and plans its text every time; here each text is parsed once into a
// named statement, and a run is Bind, Execute and Sync in one call. PGlite's reader then copies every
// field of every row into an ArrayBuffer of its own before decoding it; the replies are read here
// instead. Per statement, on one database: a post by its slug 1,011 → 147 µs, 50 tags 2,588 → 337 µs
// (PGlite's reader alone: 1,182 µs).
//
// Used here: `execProtocolRawStream` (the backend's reply as bytes), `runExclusive` (PGlite's query
// lock), `protocol.serialize` (the messages sent, but a run's, which `bindExecuteSync` writes), and the
// `parsers` and `serializers` that `query` itself uses. PGlite hands notifications to `listen`'s
// listeners only from replies it reads itself, so those found here go to `onNotification`.
import { protocol, type PGlite } from '@electric-sql/pglite';
import { concatBytes } from '../../util/bytes';
import { recordTemplate } from '../../util/record-template';

const { serialize } = protocol;
const SYNC = serialize.sync();
/** text, varchar, json: types whose binary format is their text's UTF-8 bytes. */
const UTF8_BINARY_TYPES: ReadonlySet<number> = new Set([25, 1043, 114]);
/** From how many characters a text parameter is sent as bytes. */
const LONG_TEXT = 4096;
const utf8 = new TextEncoder();

type Parser = (text: string, typeId: number) => unknown;
type Serializer = (value: unknown) => string;

interface Statement {
  name: string;
  paramTypes: number[];
  /** The names of its rows' columns; empty for a statement that returns none. */
  columns: string[];
  /** Per column, how its text becomes a value; undefined where the text is the value. */
  parsers: (((text: string) => unknown) | undefined)[];
  /** A row with every column null, copied for each row (see record-template.ts). */
  template: Record<string, unknown>;
}

export interface StatementResult<R> {
  rows: R[];
  /** Rows inserted, updated, deleted, merged or copied, as PostgreSQL counts them. */
  affectedRows: number;
}

/** PostgreSQL's "cached plan must not change result type": the table under a statement changed shape. */
const PLAN_CHANGED = '0A000';

/** Names are unique in the process, so that two of these on one database never take the same name. */
let named = 0;

/** Commands whose completion tag ends with the number of rows they changed. */
const COUNTED = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE', 'COPY']);

/** Types whose text is their value (text, varchar, bpchar, name, uuid): no parser to call per cell. */
const TEXT_TYPES = new Set([25, 1043, 1042, 19, 2950]);

/**
 * Prepared statements of one PGlite database, the most recently used `capacity` of them. Each run
 * holds PGlite's query lock; the driver keeps statements of other callers out of its transactions
 * (driver.ts says how).
 */
export class PreparedStatements {
  private readonly statements = new Map<string, Statement>();
  /** Statements to close with the next message sent (evicted, or dropped after an error). */
  private closing: string[] = [];

  /** `onNotification`: where a NOTIFY found in a reply goes (see above). */
  constructor(
    private readonly db: PGlite,
    private readonly onNotification: (channel: string, payload: string) => void,
    private readonly capacity = 200,
  ) {}

  /** Runs `sql` with `params`. */
  run<R>(sql: string, params: readonly unknown[]): Promise<StatementResult<R>> {
    return this.db.runExclusive(async () => {
      try {
        return await this.runOnce<R>(sql, params);
      } catch (error) {
        if ((error as { code?: unknown }).code !== PLAN_CHANGED || !this.statements.has(sql)) throw error;
        // the statement was planned for an older shape of a table: prepare it anew, once
        this.forget(sql);
        return this.runOnce<R>(sql, params);
      }
    });
  }

  /** Forgets every statement (after DDL run outside this class, whose plans may no longer fit). */
  clear(): void {
    for (const sql of [...this.statements.keys()]) this.forget(sql);
  }

  private async runOnce<R>(sql: string, params: readonly unknown[]): Promise<StatementResult<R>> {
    const statement = await this.statement(sql);
    const values = params.map((value, i) => this.serialized(value, statement.paramTypes[i]));
    const reply = await this.send([bindExecuteSync(statement.name, values)]);
    return this.decode<R>(statement, reply);
  }

  private async statement(sql: string): Promise<Statement> {
    const statement = this.statements.get(sql);
    if (!statement) return this.prepare(sql);
    // most recently used last: a Map keeps insertion order
    this.statements.delete(sql);
    this.statements.set(sql, statement);
    return statement;
  }

  private async prepare(sql: string): Promise<Statement> {
    const name = `pressroom_${++named}`;
    const reply = await this.send([serialize.parse({ name, text: sql }), serialize.describe({ type: 'S', name }), SYNC]);
    const fields = reply.fields ?? [];
    const columns = fields.map((field) => field.name);
    const statement: Statement = {
      name,
      paramTypes: reply.paramTypes ?? [],
      columns,
      parsers: fields.map((field) => this.parserOf(field)),
      template: recordTemplate(columns),
    };
    this.statements.set(sql, statement);
    if (this.statements.size > this.capacity) {
      const oldest = this.statements.keys().next().value as string;
      this.forget(oldest);
    }
    return statement;
  }

  private forget(sql: string): void {
    const statement = this.statements.get(sql);
    if (!statement) return;
    this.statements.delete(sql);
    this.closing.push(statement.name);
  }

  /**
   * Sends messages, the last a Sync, in one call. Statements waiting to be closed go along just before
   * the Sync, after everything else: one forgotten (`clear()`) after this call looked it up may run in it.
   */
  private async send(parts: Uint8Array[]): Promise<BackendReply> {
    const closing = this.closing;
    if (closing.length) {
      this.closing = [];
      // the Sync ends the last part, alone (a prepare's) or after a run's Bind and Execute (bindExecuteSync)
      const last = parts[parts.length - 1];
      const beforeSync = last.subarray(0, last.byteLength - SYNC.byteLength);
      parts = [...parts.slice(0, -1), beforeSync, ...closing.map((name) => serialize.close({ type: 'S', name })), SYNC];
    }
    const chunks: Uint8Array[] = [];
    // a chunk is a view into the backend's memory, valid only during the call
    await this.db.execProtocolRawStream(concatBytes(parts), { syncToFs: false, onRawData: (chunk) => chunks.push(chunk.slice()) });
    const reply = readBackend(concatBytes(chunks));
    for (const { channel, payload } of reply.notifications) queueMicrotask(() => this.onNotification(channel, payload));
    if (reply.error) {
      // after an error the backend skips to the Sync, closes included: send them again (closing a
      // statement twice, or one that never was, is no error)
      this.closing.push(...closing);
      throw reply.error;
    }
    return reply;
  }

  private serialized(value: unknown, typeId: number | undefined): string | Uint8Array | null {
    if (value === null || value === undefined) return null;
    // a long text goes as its UTF-8 bytes, in the binary format (for text, varchar and json the same
    // bytes): the serializer measures a string's UTF-8 length in JavaScript, character by character,
    // twice, which was a tenth of an import's time (its rows go as one JSON text per 200 posts)
    if (typeof value === 'string' && value.length > LONG_TEXT && typeId !== undefined && UTF8_BINARY_TYPES.has(typeId)) return utf8.encode(value);
    const serializer = typeId === undefined ? undefined : (this.db.serializers as Record<number, Serializer | undefined>)[typeId];
    return serializer ? serializer(value) : String(value);
  }

  private parserOf({ dataTypeID }: Field): ((text: string) => unknown) | undefined {
    if (TEXT_TYPES.has(dataTypeID)) return undefined;
    const parser = (this.db.parsers as Record<number, Parser | undefined>)[dataTypeID];
    return parser && ((text) => parser(text, dataTypeID));
  }

  private decode<R>(statement: Statement, reply: BackendReply): StatementResult<R> {
    const { columns, parsers, template } = statement;
    const rows = reply.rows.map((values) => {
      const row = { ...template };
      for (let i = 0; i < columns.length; i++) {
        const text = values[i];
        if (text === null) continue;
        const parser = parsers[i];
        row[columns[i]] = parser ? parser(text) : text;
      }
      return row as R;
    });
    let affectedRows = 0;
    for (const tag of reply.commands) {
      const words = tag.split(' ');
      const count = Number.parseInt(words[words.length - 1], 10);
      if (COUNTED.has(words[0]) && !Number.isNaN(count)) affectedRows += count;
    }
    return { rows, affectedRows };
  }
}

// PostgreSQL's wire protocol (3.0), the frontend's side: what a statement's run sends, written here in
// one buffer (protocol.serialize writes each message into a growing buffer of its own, and every run
// sends these three: a tenth of a short statement's time).

/**
 * Bind (the values, in the text format, or the binary one where they are bytes; an unnamed portal),
 * Execute (every row) and Sync: the messages of a run of the prepared statement `name`.
 */
export function bindExecuteSync(name: string, values: readonly (string | Uint8Array | null)[]): Uint8Array {
  const bytes = values.map((value) => (typeof value === 'string' ? utf8.encode(value) : value));
  let valuesLength = 0;
  for (const value of bytes) valuesLength += 4 + (value?.byteLength ?? 0);
  // Bind: portal "", statement name, a format code per value, the values, no result format codes (text)
  const bindLength = 4 + 1 + name.length + 1 + 2 + 2 * values.length + 2 + valuesLength + 2;
  const out = new Uint8Array(1 + bindLength + EXECUTE_SYNC.byteLength);
  const view = new DataView(out.buffer);
  let at = 0;
  out[at++] = 0x42; // 'B'
  view.setInt32(at, bindLength);
  at += 4 + 1; // the portal's name: empty, its terminating zero already in place
  for (let i = 0; i < name.length; i++) out[at++] = name.charCodeAt(i); // statement names are ASCII
  at++;
  view.setInt16(at, values.length);
  at += 2;
  for (const value of values) {
    view.setInt16(at, value instanceof Uint8Array ? 1 : 0);
    at += 2;
  }
  view.setInt16(at, values.length);
  at += 2;
  for (const value of bytes) {
    view.setInt32(at, value === null ? -1 : value.byteLength);
    at += 4;
    if (value !== null) {
      out.set(value, at);
      at += value.byteLength;
    }
  }
  at += 2; // no result format codes
  out.set(EXECUTE_SYNC, at);
  return out;
}

/** Execute (the unnamed portal, every row) and Sync. */
const EXECUTE_SYNC = Uint8Array.of(0x45, 0, 0, 0, 9, 0, 0, 0, 0, 0, 0x53, 0, 0, 0, 4);

// PostgreSQL's wire protocol (3.0), the backend's side: what a statement's run needs of a reply.

interface Field {
  name: string;
  dataTypeID: number;
}

export interface BackendReply {
  /** DataRow messages: the text of each field, null for SQL NULL. */
  rows: (string | null)[][];
  /** From a RowDescription, when the reply had one. */
  fields?: Field[];
  /** From a ParameterDescription, when the reply had one. */
  paramTypes?: number[];
  /** CommandComplete tags, in order (e.g. `INSERT 0 1`). */
  commands: string[];
  /** The first ErrorResponse, if any. */
  error?: PostgresError;
  /** NotificationResponse messages: a NOTIFY committed by the statement, on a channel listened to. */
  notifications: { channel: string; payload: string }[];
}

/** An ErrorResponse: the fields other drivers (node-postgres, PGlite) give their errors too. */
export class PostgresError extends Error {
  override name = 'PostgresError';
  severity?: string;
  code?: string;
  detail?: string;
  hint?: string;
  position?: string;
  where?: string;
  schema?: string;
  table?: string;
  column?: string;
  dataType?: string;
  constraint?: string;
}

const ERROR_FIELDS: Record<string, keyof PostgresError> = {
  S: 'severity',
  C: 'code',
  D: 'detail',
  H: 'hint',
  P: 'position',
  W: 'where',
  s: 'schema',
  t: 'table',
  c: 'column',
  d: 'dataType',
  n: 'constraint',
};

const decoder = new TextDecoder();

/** Reads every whole message in `bytes`. */
export function readBackend(bytes: Uint8Array): BackendReply {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const reply: BackendReply = { rows: [], commands: [], notifications: [] };
  // a NUL-terminated string from `at`; returns it and where the next field starts
  const cstring = (at: number): [string, number] => {
    const end = bytes.indexOf(0, at);
    return [decoder.decode(bytes.subarray(at, end)), end + 1];
  };
  let at = 0;
  while (at + 5 <= bytes.byteLength) {
    const type = bytes[at];
    const end = at + 1 + view.getInt32(at + 1);
    let p = at + 5;
    switch (type) {
      case 0x44: {
        // D: DataRow
        const count = view.getInt16(p);
        p += 2;
        const row = new Array<string | null>(count);
        for (let i = 0; i < count; i++) {
          const length = view.getInt32(p);
          p += 4;
          if (length < 0) {
            row[i] = null;
          } else {
            row[i] = decoder.decode(bytes.subarray(p, p + length));
            p += length;
          }
        }
        reply.rows.push(row);
        break;
      }
      case 0x43: // C: CommandComplete
        reply.commands.push(cstring(p)[0]);
        break;
      case 0x54: {
        // T: RowDescription
        const count = view.getInt16(p);
        p += 2;
        const fields: Field[] = [];
        for (let i = 0; i < count; i++) {
          const [name, next] = cstring(p);
          // table oid (4), column number (2), then the type oid
          fields.push({ name, dataTypeID: view.getInt32(next + 6) });
          p = next + 18;
        }
        reply.fields = fields;
        break;
      }
      case 0x74: {
        // t: ParameterDescription
        const count = view.getInt16(p);
        const types: number[] = [];
        for (let i = 0; i < count; i++) types.push(view.getInt32(p + 2 + i * 4));
        reply.paramTypes = types;
        break;
      }
      case 0x45: // E: ErrorResponse
        reply.error ??= readError(bytes, p, end, cstring);
        break;
      case 0x41: {
        // A: NotificationResponse: the sender's process id, then channel and payload
        const [channel, next] = cstring(p + 4);
        reply.notifications.push({ channel, payload: cstring(next)[0] });
        break;
      }
      default:
        // ParseComplete, BindComplete, CloseComplete, NoData, ReadyForQuery, notices, parameter
        // status: nothing the statement runner needs
        break;
    }
    at = end;
  }
  return reply;
}

function readError(bytes: Uint8Array, at: number, end: number, cstring: (at: number) => [string, number]): PostgresError {
  const values: Record<string, string> = {};
  while (at < end && bytes[at] !== 0) {
    const code = String.fromCharCode(bytes[at]);
    const [value, next] = cstring(at + 1);
    values[code] = value;
    at = next;
  }
  const error = new PostgresError(values.M ?? 'PostgreSQL reported an error without a message.');
  for (const [code, property] of Object.entries(ERROR_FIELDS)) {
    if (values[code] !== undefined) (error as unknown as Record<string, string>)[property] = values[code];
  }
  return error;
}
