// Reading PostgreSQL's backend messages (protocol 3.0) as PGlite's backend writes them.
//
// PGlite's own reader makes an object per message and copies every field of every row into an
// ArrayBuffer of its own before decoding it (a sixth of a cache-off page read). The statement runner
// needs little of that: the text of each field, column and parameter types when a statement is
// prepared, completion tags, and errors. So it reads the bytes here.

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
  S: 'severity', C: 'code', D: 'detail', H: 'hint', P: 'position', W: 'where',
  s: 'schema', t: 'table', c: 'column', d: 'dataType', n: 'constraint',
};

const decoder = new TextDecoder();

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
      case 0x44: { // D: DataRow
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
      case 0x54: { // T: RowDescription
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
      case 0x74: { // t: ParameterDescription
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
