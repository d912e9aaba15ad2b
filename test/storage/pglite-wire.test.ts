import { describe, expect, it } from 'vitest';
import { protocol } from '@electric-sql/pglite';
import { bindAndExecute, PostgresError, readBackend } from '../../lib/storage/pglite/wire';
import { concatBytes } from '../../lib/util/bytes';

const encoder = new TextEncoder();

/** One backend message: type byte, length (counting itself), body. */
function message(type: string, ...parts: (Uint8Array | number[])[]): Uint8Array {
  const body = parts.flatMap((part) => [...part]);
  const length = body.length + 4;
  return new Uint8Array([type.charCodeAt(0), length >>> 24, (length >>> 16) & 255, (length >>> 8) & 255, length & 255, ...body]);
}
const int16 = (n: number) => [(n >>> 8) & 255, n & 255];
const int32 = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
const cstring = (text: string) => [...encoder.encode(text), 0];
const field = (text: string | null) => (text === null ? int32(-1 >>> 0) : [...int32(encoder.encode(text).length), ...encoder.encode(text)]);
const join = (...messages: Uint8Array[]) => new Uint8Array(messages.flatMap((m) => [...m]));

describe('reading backend messages', () => {
  it('reads rows (NULLs, empty and multi-byte text), column and parameter types, and completion tags', () => {
    const reply = readBackend(
      join(
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
        message('Z', [0x49]),
      ),
    );
    expect(reply.paramTypes).toEqual([25, 1184]);
    expect(reply.fields).toEqual([
      { name: 'id', dataTypeID: 23 },
      { name: 'naïve', dataTypeID: 25 },
    ]);
    expect(reply.rows).toEqual([
      ['1', 'crème ✓ 🎉'],
      ['2', null],
      ['3', ''],
    ]);
    expect(reply.commands).toEqual(['SELECT 3']);
    expect(reply.error).toBeUndefined();
  });

  it('turns an ErrorResponse into an error carrying its fields, and keeps the first of several', () => {
    const reply = readBackend(
      join(
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
      join(
        message('N', [83], cstring('WARNING'), [77], cstring('there is no transaction in progress'), [0]),
        message('S', cstring('TimeZone'), cstring('UTC')),
        message('n'),
        message('3'),
        message('C', cstring('ROLLBACK')),
      ),
    );
    expect(reply).toEqual({ rows: [], commands: ['ROLLBACK'] });
  });
});

describe('writing the run of a prepared statement', () => {
  const pglite = (statement: string, values: (string | null)[]) =>
    concatBytes([protocol.serialize.bind({ statement, values }), protocol.serialize.execute({})]);

  it("writes Bind and Execute byte for byte as PGlite's own serializer does", () => {
    const cases: [string, (string | null)[]][] = [
      ['pressroom_1', []],
      ['pressroom_22', ['post']],
      ['pressroom_333', [null, '', 'ünïcödé ✓ 漢字 😀', '{a,b,"c d"}']],
      ['s', ['x'.repeat(70_000)]],
    ];
    for (const [statement, values] of cases) expect(bindAndExecute(statement, values)).toEqual(pglite(statement, values));
  });
});
