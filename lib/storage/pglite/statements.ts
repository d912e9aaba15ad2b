// Statements kept prepared inside PGlite, reused by their SQL text.
//
// `PGlite.query()` sends a fresh unnamed statement every time, in six separate calls into the
// WebAssembly backend (Parse, Describe, Bind, Describe, Execute, Sync), each running PostgreSQL's
// main loop, and PostgreSQL parses, analyses and plans the text again. A write of a post runs the
// same handful of statements over and over, so here each SQL text is parsed once into a named
// statement; later runs send Bind, Execute and Sync in one call and decode the rows with the
// column types learnt when the statement was prepared. The reply's bytes are read by
// wire.ts rather than PGlite's own message reader.
import { protocol, type PGlite } from '@electric-sql/pglite';
import { concatBytes } from '../../util/bytes';
import { recordTemplate } from '../../util/record-template';
import { bindAndExecute, readBackend, type BackendReply, type Field } from './wire';

const { serialize } = protocol;
const SYNC = serialize.sync();

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
  affectedRows: number;
  /** The first word of the completion tag, e.g. `INSERT`; `COMMIT` of a failed transaction says `ROLLBACK`. */
  command: string;
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
 * Prepared statements of one PGlite database, the most recently used `capacity` of them. The caller
 * holds a lock around `run` that keeps every other statement out (driver.ts says which).
 */
export class PreparedStatements {
  private readonly statements = new Map<string, Statement>();
  /** Statements to close with the next message sent (evicted, or dropped after an error). */
  private closing: string[] = [];

  constructor(
    private readonly db: PGlite,
    private readonly capacity = 200,
  ) {}

  /**
   * Runs `sql` with `params`. `first`: statements without parameters to run before it in the same call
   * (a transaction's BEGIN), which saves a call into the backend of their own.
   */
  async run<R>(sql: string, params: readonly unknown[], first: readonly string[] = []): Promise<StatementResult<R>> {
    try {
      return await this.runOnce<R>(sql, params, first);
    } catch (error) {
      if ((error as { code?: unknown }).code !== PLAN_CHANGED || !this.statements.has(sql) || first.length) throw error;
      // the statement was planned for an older shape of a table: prepare it anew, once
      this.forget(sql);
      return this.runOnce<R>(sql, params, first);
    }
  }

  /** Runs SQL without parameters through the simple protocol: any number of statements, nothing kept. */
  async simple(sql: string): Promise<void> {
    await this.send([serialize.query(sql)], true);
  }

  /** Forgets every statement (after DDL run outside this class, whose plans may no longer fit). */
  clear(): void {
    for (const sql of [...this.statements.keys()]) this.forget(sql);
  }

  private async runOnce<R>(sql: string, params: readonly unknown[], first: readonly string[]): Promise<StatementResult<R>> {
    const before: Uint8Array[] = [];
    for (const text of first) {
      before.push(bindAndExecute((await this.statement(text)).name, []));
    }
    const statement = await this.statement(sql);
    const values = params.map((value, i) => this.serialized(value, statement.paramTypes[i]));
    const reply = await this.send([...before, bindAndExecute(statement.name, values), SYNC]);
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
   * Sends messages in one call. Statements waiting to be closed go along: before the final Sync of an
   * extended-protocol batch (a statement evicted while preparing this batch's may have just run in
   * it), or ahead of a simple query with a Sync of their own.
   */
  private async send(parts: Uint8Array[], simple = false): Promise<BackendReply> {
    const closing = this.closing;
    if (closing.length) {
      const closes = closing.map((name) => serialize.close({ type: 'S', name }));
      this.closing = [];
      parts = simple ? [...closes, SYNC, ...parts] : [...parts.slice(0, -1), ...closes, ...parts.slice(-1)];
    }
    const chunks: Uint8Array[] = [];
    // a chunk is a view into the backend's memory, valid only during the call
    await this.db.execProtocolRawStream(concatBytes(parts), { syncToFs: false, onRawData: (chunk) => chunks.push(chunk.slice()) });
    const reply = readBackend(concatBytes(chunks));
    if (reply.error) {
      // after an error the backend skips to the Sync, closes included: send them again (closing a
      // statement twice, or one that never was, is no error)
      this.closing.push(...closing);
      throw reply.error;
    }
    return reply;
  }

  private serialized(value: unknown, typeId: number | undefined): string | null {
    if (value === null || value === undefined) return null;
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
    let command = '';
    for (const tag of reply.commands) {
      const words = tag.split(' ');
      const count = Number.parseInt(words[words.length - 1], 10);
      command = words[0];
      if (COUNTED.has(command) && !Number.isNaN(count)) affectedRows += count;
    }
    return { rows, affectedRows, command };
  }
}
