// What lib/storage/pglite/internals.ts and driver.ts rely on in PGlite beyond query, exec,
// transaction and listen, each checked by name against the installed PGlite. An upgrade of
// @electric-sql/pglite that fails here says what changed: fix internals.ts for it (or run that
// statement through PGlite's query) before moving the pin in package.json.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { PGlite, protocol, TransactionAbortedError } from '@electric-sql/pglite';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { concatBytes } from '../../lib/util/bytes';
import { bindExecuteSync, PostgresError, PreparedStatements, readBackend } from '../../lib/storage/pglite/internals';

const { serialize } = protocol;
const turns = async (n: number) => {
  for (let i = 0; i < n; i++) await new Promise((resolve) => setImmediate(resolve));
};

let db: PGlite;
beforeAll(async () => {
  db = await PGlite.create();
});
afterAll(() => db.close());

/** The backend's reply to `messages`, sent in one call the way internals.ts sends them. */
async function raw(...messages: Uint8Array[]) {
  const chunks: Uint8Array[] = [];
  await db.execProtocolRawStream(concatBytes(messages), { syncToFs: false, onRawData: (chunk) => chunks.push(chunk.slice()) });
  return readBackend(concatBytes(chunks));
}

describe('PGlite as internals.ts uses it', () => {
  it('is the exact version package.json pins', () => {
    const pinned = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { dependencies: Record<string, string> }).dependencies[
      '@electric-sql/pglite'
    ];
    // the package exports no package.json: it is two folders above its entry point (dist/index.cjs)
    const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
    const installed = (JSON.parse(readFileSync(join(dirname(entry), '..', 'package.json'), 'utf8')) as { version: string }).version;
    expect(pinned, 'package.json must pin @electric-sql/pglite to one exact version: internals.ts was checked against that one').toMatch(/^\d+\.\d+\.\d+$/);
    expect(installed, `package.json pins @electric-sql/pglite ${pinned}; run npm install`).toBe(pinned);
  });

  it('has every member internals.ts and driver.ts call', () => {
    for (const method of ['execProtocolRawStream', 'runExclusive', 'syncToFs', 'transaction', 'exec', 'listen', 'close'] as const) {
      expect.soft(typeof db[method], `PGlite.${method}()`).toBe('function');
    }
    expect.soft(typeof db.closed, 'PGlite.closed').toBe('boolean');
    for (const message of ['parse', 'describe', 'close', 'sync'] as const) {
      expect.soft(typeof serialize[message], `protocol.serialize.${message}()`).toBe('function');
    }
    expect.soft(typeof TransactionAbortedError, 'the TransactionAbortedError export').toBe('function');
    // bool, int4, int8, json, timestamptz, jsonb, and an array type (text[]), as the schema uses them
    for (const oid of [16, 23, 20, 114, 1184, 3802, 1009]) {
      expect.soft(typeof db.parsers[oid], `PGlite.parsers[${oid}]`).toBe('function');
    }
    for (const oid of [114, 1184, 3802, 1009]) {
      expect.soft(typeof db.serializers[oid], `PGlite.serializers[${oid}]`).toBe('function');
    }
  });

  it("hands over the backend's reply as bytes from execProtocolRawStream, for messages protocol.serialize wrote", async () => {
    const prepared = await raw(
      serialize.parse({ name: 'internals_check', text: 'SELECT $1::int AS n' }),
      serialize.describe({ type: 'S', name: 'internals_check' }),
      serialize.sync(),
    );
    expect(prepared.error, 'Parse + Describe through execProtocolRawStream').toBeUndefined();
    expect(prepared.paramTypes, 'ParameterDescription of a prepared statement').toEqual([23]);
    expect(prepared.fields, 'RowDescription of a prepared statement').toEqual([{ name: 'n', dataTypeID: 23 }]);
    const run = await raw(serialize.bind({ statement: 'internals_check', values: ['7'] }), serialize.execute({}), serialize.sync());
    expect(run, 'Bind + Execute of a prepared statement').toMatchObject({ rows: [['7']], commands: ['SELECT 1'] });
    await raw(serialize.close({ type: 'S', name: 'internals_check' }), serialize.sync());
  });

  it('keeps its own statements waiting while runExclusive() holds the query lock', async () => {
    let answered = false;
    let pending!: Promise<unknown>;
    await db.runExclusive(async () => {
      pending = db.query('SELECT 1').then(() => (answered = true));
      await turns(5);
      expect(answered, 'PGlite.query() ran inside runExclusive(): statements of the driver could interleave').toBe(false);
    });
    await pending;
    expect(answered).toBe(true);
  });

  it('hands notifications to listeners from replies it reads itself, not from execProtocolRawStream', async () => {
    const heard: string[] = [];
    const stop = await db.listen('internals_check', (payload) => heard.push(payload));
    try {
      const reply = await raw(serialize.query("NOTIFY internals_check, 'raw'"));
      await turns(2);
      expect(reply.notifications, 'a NotificationResponse in a raw reply').toEqual([{ channel: 'internals_check', payload: 'raw' }]);
      expect(heard, 'PGlite now passes on notifications of raw replies itself: the driver would pass them on twice').toEqual([]);
      await db.transaction((tx) => tx.query("SELECT pg_notify('internals_check', 'committed')"));
      expect(heard, "PGlite no longer passes on a COMMIT's notifications to listen()'s listeners").toEqual(['committed']);
    } finally {
      await stop();
    }
  });

  it('throws TransactionAbortedError from transaction() when COMMIT finds the transaction failed', async () => {
    const failed = db.transaction(async (tx) => {
      await tx.query('SELECT 1 / 0').catch(() => undefined);
    });
    await expect(failed, 'PGlite.transaction() no longer throws TransactionAbortedError on COMMIT answered ROLLBACK').rejects.toBeInstanceOf(
      TransactionAbortedError,
    );
  });
});

describe('prepared statements', () => {
  const prepared = async () => (await db.query<{ name: string }>('SELECT name FROM pg_prepared_statements ORDER BY name')).rows.map((r) => r.name);
  const ignore = () => {};

  beforeEach(async () => {
    await db.exec('DEALLOCATE ALL');
  });

  it('keeps at most its capacity of statements in the database, and runs an evicted one again', async () => {
    const statements = new PreparedStatements(db, ignore, 3);
    for (let n = 1; n <= 10; n++) {
      expect((await statements.run<{ n: number }>(`SELECT $1::int + ${n} AS n`, [1])).rows).toEqual([{ n: 1 + n }]);
    }
    // closing an evicted statement goes along with the next call
    await statements.run('SELECT 1', []);
    expect((await prepared()).length).toBeLessThanOrEqual(3);
    expect((await statements.run<{ n: number }>('SELECT $1::int + 1 AS n', [5])).rows).toEqual([{ n: 6 }]);
  });

  it('closes what it evicted even when the call carrying the close failed', async () => {
    const statements = new PreparedStatements(db, ignore, 1);
    await statements.run('SELECT 1 AS one', []);
    // preparing the second evicts the first; the call that should close it fails before its Sync
    await expect(statements.run('SELECT 1 / $1::int AS boom', [0])).rejects.toMatchObject({ code: '22012' });
    await statements.run('SELECT 1 / $1::int AS boom', [1]);
    expect(await prepared()).toHaveLength(1);
  });

  it('sends long texts (text, varchar, json) as their UTF-8 bytes in the binary format, and they arrive whole', async () => {
    const statements = new PreparedStatements(db, ignore);
    const long = `${'Ünïcödé ✓ 𝄞 '.repeat(800)}end`;
    const json = JSON.stringify([{ title: long, n: 1 }]);
    const { rows } = await statements.run<{ t: string; v: string; j: string; n: number }>(
      `SELECT $1::text AS t, $2::varchar AS v, ($3::json -> 0 ->> 'title') AS j, length($1::text) AS n`,
      [long, long, json],
    );
    expect(rows).toEqual([{ t: long, v: long, j: long, n: [...long].length }]);
  });

  it('forgets every statement when asked (after DDL)', async () => {
    const statements = new PreparedStatements(db, ignore);
    await statements.run('SELECT 2 AS two', []);
    statements.clear();
    // the closes go along with the next call
    await statements.run('SELECT 1', []);
    expect((await db.query('SELECT statement FROM pg_prepared_statements')).rows).toEqual([{ statement: 'SELECT 1' }]);
  });

  it('runs a statement forgotten after it was looked up for the run, and closes it after', async () => {
    const statements = new PreparedStatements(db, ignore);
    await statements.run('SELECT 3 AS three', []);
    // DDL's clear() from another caller may land between a run's look-up and its send
    const inside = statements as unknown as { statement(sql: string): Promise<unknown> };
    const lookUp = inside.statement.bind(statements);
    inside.statement = async (sql) => {
      const found = await lookUp(sql);
      statements.clear();
      return found;
    };
    expect((await statements.run('SELECT 3 AS three', [])).rows).toEqual([{ three: 3 }]);
    expect(await prepared()).toEqual([]);
  });

  it('passes on a NOTIFY its statement committed', async () => {
    const heard: [string, string][] = [];
    const statements = new PreparedStatements(db, (channel, payload) => heard.push([channel, payload]));
    const stop = await db.listen('prepared_check', () => {});
    try {
      await statements.run('SELECT pg_notify($1, $2)', ['prepared_check', 'sent']);
      await turns(1);
      expect(heard).toEqual([['prepared_check', 'sent']]);
    } finally {
      await stop();
    }
  });
});

/** One backend message: type byte, length (counting itself), body. */
function message(type: string, ...parts: (Uint8Array | number[])[]): Uint8Array {
  const body = parts.flatMap((part) => [...part]);
  const length = body.length + 4;
  return new Uint8Array([type.charCodeAt(0), length >>> 24, (length >>> 16) & 255, (length >>> 8) & 255, length & 255, ...body]);
}
const encoder = new TextEncoder();
const int16 = (n: number) => [(n >>> 8) & 255, n & 255];
const int32 = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
const cstring = (text: string) => [...encoder.encode(text), 0];
const field = (text: string | null) => (text === null ? int32(-1 >>> 0) : [...int32(encoder.encode(text).length), ...encoder.encode(text)]);
const messages = (...parts: Uint8Array[]) => new Uint8Array(parts.flatMap((m) => [...m]));

describe('writing a run', () => {
  it('writes Bind, Execute and Sync byte for byte as protocol.serialize does, text, NULL and multi-byte alike', () => {
    const values = ['7', null, '', 'naïve – 日本', 'x'.repeat(300)];
    const theirs = concatBytes([serialize.bind({ statement: 'pressroom_12', values }), serialize.execute({}), serialize.sync()]);
    expect(Buffer.from(bindExecuteSync('pressroom_12', values)).equals(Buffer.from(theirs))).toBe(true);
    expect(
      Buffer.from(bindExecuteSync('s', [])).equals(
        Buffer.from(concatBytes([serialize.bind({ statement: 's', values: [] }), serialize.execute({}), serialize.sync()])),
      ),
    ).toBe(true);
  });

  it('marks bytes as the binary format, and the backend takes them so', async () => {
    const prepared = await raw(serialize.parse({ name: 'bind_check', text: 'SELECT $1::text AS a, $2::text AS b, $3::int AS c' }), serialize.sync());
    expect(prepared.error).toBeUndefined();
    const reply = await raw(bindExecuteSync('bind_check', [new TextEncoder().encode('bytes ü'), 'text ü', null]));
    expect(reply.error).toBeUndefined();
    expect(reply.rows).toEqual([['bytes ü', 'text ü', null]]);
    await raw(serialize.close({ type: 'S', name: 'bind_check' }), serialize.sync());
  });
});

describe('reading backend messages', () => {
  it('reads rows (NULLs, empty and multi-byte text), column and parameter types, completion tags and notifications', () => {
    const reply = readBackend(
      messages(
        message('1'),
        message('t', int16(2), int32(25), int32(1184)),
        message(
          'T',
          int16(2),
          cstring('id'),
          int32(0),
          int16(1),
          int32(23),
          int16(4),
          int32(-1 >>> 0),
          int16(0),
          cstring('naïve'),
          int32(0),
          int16(2),
          int32(25),
          int16(-1 & 0xffff),
          int32(-1 >>> 0),
          int16(0),
        ),
        message('2'),
        message('D', int16(2), field('1'), field('crème ✓ 🎉')),
        message('D', int16(2), field('2'), field(null)),
        message('D', int16(2), field('3'), field('')),
        message('C', cstring('SELECT 3')),
        message('A', int32(42), cstring('channel_x'), cstring('payload ✓')),
        message('Z', [0x49]),
      ),
    );
    expect(reply).toEqual({
      paramTypes: [25, 1184],
      fields: [
        { name: 'id', dataTypeID: 23 },
        { name: 'naïve', dataTypeID: 25 },
      ],
      rows: [
        ['1', 'crème ✓ 🎉'],
        ['2', null],
        ['3', ''],
      ],
      commands: ['SELECT 3'],
      notifications: [{ channel: 'channel_x', payload: 'payload ✓' }],
    });
  });

  it('turns an ErrorResponse into an error carrying its fields, and keeps the first of several', () => {
    const reply = readBackend(
      messages(
        message(
          'E',
          [83],
          cstring('ERROR'),
          [67],
          cstring('23505'),
          [77],
          cstring('duplicate key value violates unique constraint "posts_slug_key"'),
          [68],
          cstring('Key (slug)=(x) already exists.'),
          [116],
          cstring('posts'),
          [110],
          cstring('posts_slug_key'),
          [0],
        ),
        message('E', [67], cstring('XX000'), [77], cstring('second'), [0]),
        message('Z', [0x45]),
      ),
    );
    expect(reply.error).toBeInstanceOf(PostgresError);
    expect(reply.error).toMatchObject({
      message: 'duplicate key value violates unique constraint "posts_slug_key"',
      code: '23505',
      severity: 'ERROR',
      detail: 'Key (slug)=(x) already exists.',
      table: 'posts',
      constraint: 'posts_slug_key',
    });
  });

  it('skips messages it has no use for, notices included', () => {
    const reply = readBackend(
      messages(
        message('N', [83], cstring('WARNING'), [77], cstring('there is no transaction in progress'), [0]),
        message('S', cstring('TimeZone'), cstring('UTC')),
        message('n'),
        message('3'),
        message('C', cstring('ROLLBACK')),
      ),
    );
    expect(reply).toEqual({ rows: [], commands: ['ROLLBACK'], notifications: [] });
  });
});
