// PostgreSQL's wire protocol (3.0) as the statement runner speaks it with PGlite's backend: reading
// the backend's messages, and writing the run of a prepared statement.
//
// PGlite's own reader makes an object per message and copies every field of every row into an
// ArrayBuffer of its own before decoding it (a sixth of a cache-off page read). The statement runner
// needs little of that: the text of each field, column and parameter types when a statement is
// prepared, completion tags, and errors. So it reads the bytes here. Its writer, for a Bind, fills
// two growable buffers and copies each out (four ArrayBuffers a statement, a tenth of the time of
// `SELECT 1` with the garbage they make); the run of a statement is written here in one array.

export interface Field {
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
const encoder = new TextEncoder();

/** Execute (the unnamed portal, every row): `E`, length 9, an empty name, no row limit. */
const EXECUTE = [0x45, 0, 0, 0, 9, 0, 0, 0, 0, 0];

/**
 * Bind of the named prepared `statement` to the unnamed portal, with parameters and results as text
 * (null: SQL NULL), then Execute: the run of a statement, for a Sync to follow.
 */
export function bindAndExecute(statement: string, values: readonly (string | null)[]): Uint8Array {
  const name = encoder.encode(statement);
  const encoded = values.map((value) => (value === null ? null : encoder.encode(value)));
  // B, length, portal "", statement name, a format code per parameter (0: text), the parameters, no
  // result format codes (all text): the bytes PGlite's own serializer writes
  let length = 4 + 1 + name.length + 1 + 2 + 2 * encoded.length + 2 + 2;
  for (const value of encoded) length += 4 + (value?.length ?? 0);
  const message = new Uint8Array(1 + length + EXECUTE.length);
  const view = new DataView(message.buffer);
  message[0] = 0x42;
  view.setInt32(1, length);
  let at = 6; // after the portal's terminating NUL at 5
  message.set(name, at);
  at += name.length + 1;
  view.setInt16(at, encoded.length);
  at += 2 + 2 * encoded.length; // the codes are zeros already
  view.setInt16(at, encoded.length);
  at += 2;
  for (const value of encoded) {
    view.setInt32(at, value ? value.length : -1);
    at += 4;
    if (value) {
      message.set(value, at);
      at += value.length;
    }
  }
  view.setInt16(at, 0);
  message.set(EXECUTE, at + 2);
  return message;
}

/** Reads every whole message in `bytes`. */
export function readBackend(bytes: Uint8Array): BackendReply {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const reply: BackendReply = { rows: [], commands: [] };
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
