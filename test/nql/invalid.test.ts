import { describe, expect, it } from 'vitest';
import { NQL_MAX_DEPTH, NQL_MAX_LENGTH, NqlSyntaxError, parseFilter } from '../../lib/nql';

function syntaxError(input: string): NqlSyntaxError {
  try {
    parseFilter(input);
  } catch (error) {
    expect(error).toBeInstanceOf(NqlSyntaxError);
    return error as NqlSyntaxError;
  }
  throw new Error(`parsed: ${JSON.stringify(input)}`);
}

// [input, offset of the problem, what was expected there]
const VALUE = 'a value';
const AFTER = "'+', ',' or the end of the filter";
const START = "a property or '('";
const COLON = "':' after the property";
const cases: Array<[string, number, string]> = [
  ['', 0, START],
  ['   ', 0, START],
  ['\n\t', 0, START],
  ['slug', 4, COLON],
  ['slug:', 5, VALUE],
  ['slug: ', 6, VALUE],
  [':x', 0, START],
  ['slug x', 5, COLON],
  ['slug=x', 4, COLON],
  ['slug-x:y', 4, COLON],
  ['1slug:x', 0, START],
  ['-slug:x', 0, START],
  ['sl ug:x', 3, COLON],
  ['slug:--x', 6, VALUE],
  ['slug:x y', 7, AFTER],
  ['slug:x+', 7, START],
  ['slug:x,', 7, START],
  ['slug:x++slug:y', 7, START],
  ['slug:x,,slug:y', 7, START],
  ['+slug:x', 0, START],
  [',slug:x', 0, START],
  ['slug:x+,slug:y', 7, START],
  ['slug:+', 5, VALUE],
  ['slug:,', 5, VALUE],
  ['slug:)', 5, VALUE],
  ['slug:(', 5, VALUE],
  ['slug:x)', 6, AFTER],
  ['(slug:x', 7, "'+', ',' or ')'"],
  ['((slug:x)', 9, "'+', ',' or ')'"],
  ['()', 1, START],
  ['(slug:x))', 8, AFTER],
  ['slug:x(', 6, AFTER],
  ['slug:x()', 6, AFTER],
  ['(slug:x)(slug:y)', 8, AFTER],
  ['slug:[', 6, VALUE],
  ['slug:[]', 6, VALUE],
  ['slug:[a', 7, "',' or ']'"],
  ['slug:[a,', 8, VALUE],
  ['slug:[a,]', 8, VALUE],
  ['slug:[,a]', 6, VALUE],
  ['slug:[a b]', 8, "',' or ']'"],
  ['slug:[a]]', 8, AFTER],
  ['slug:[[a]]', 6, VALUE],
  ['slug:[null]', 6, VALUE],
  ['slug:[true,a]', 6, VALUE],
  ['slug:[now-1d]', 6, VALUE],
  ['slug:a]', 6, AFTER],
  ['slug:-[', 7, VALUE],
  ['slug:>[a]', 6, VALUE],
  ['slug:~[a]', 6, VALUE],
  ["slug:'abc", 5, 'a closing quote'],
  ["slug:'abc\\'", 5, 'a closing quote'],
  ["slug:'a''b'", 8, AFTER],
  ["slug:x'y'", 6, AFTER],
  ['slug:"x"', 5, VALUE],
  ['slug:x"', 6, AFTER],
  ['slug:x\\', 6, AFTER],
  ['slug:\\', 5, VALUE],
  ['slug:>', 6, VALUE],
  ['slug:>null', 6, VALUE],
  ['slug:>true', 6, VALUE],
  ['slug:<false', 6, VALUE],
  ['slug:>>1', 6, VALUE],
  ['slug:=1', 5, VALUE],
  ['slug:>=<1', 7, VALUE],
  ['slug:<>1', 6, VALUE],
  ['slug:~', 6, VALUE],
  ['slug:~null', 6, VALUE],
  ['slug:~now-1d', 6, VALUE],
  ['slug:~~x', 6, VALUE],
  ['slug:~^', 7, VALUE],
  ['slug:-~', 7, VALUE],
  ['slug:->1', 6, VALUE],
  ['slug:now+1d+', 12, START],
  ['slug:now+1', 9, START],
  ['slug:now+d', 10, COLON],
  ['slug:now+1D', 9, START],
  ['slug:now+1dx', 9, START],
  ['slug:x:y+', 9, START],
  ['slug:x,(', 8, START],
  ['slug:x+()', 8, START],
  ['tag:a+tag', 9, COLON],
  ['tag:a+(tag:b', 12, "'+', ',' or ')'"],
  ['slug:a\u0000b', 6, 'a valid character'],
  ['slug:\ud800', 5, 'a valid character'],
  ['slug:a\udc00', 6, 'a valid character'],
  ['slug:é x', 7, AFTER],
  ['é:x', 0, START],
  ['slug:x;DROP TABLE posts', 12, AFTER],
  ["slug:x' OR '1'='1", 6, AFTER],
];

describe('invalid filters throw NqlSyntaxError with the position of the problem', () => {
  it('has a large corpus', () => {
    expect(cases.length).toBeGreaterThanOrEqual(60);
  });

  it.each(cases)('%j', (input, offset, expected) => {
    const error = syntaxError(input);
    expect(error.offset).toBe(offset);
    expect(error.expected).toBe(expected);
    expect(error.message).toMatch(/^Query Error: /);
    expect(error.message).toContain(` at ${offset}`);
  });
});

describe('messages', () => {
  it('names the unexpected character and what was expected', () => {
    expect(syntaxError('slug:+').message).toBe("Query Error: unexpected character '+' at 5, expected a value");
    expect(syntaxError('slug:').message).toBe('Query Error: unexpected end of filter at 5, expected a value');
    expect(syntaxError('slug:>null').message).toBe("Query Error: unexpected 'null' at 6, expected a value");
    expect(syntaxError("slug:'x").message).toBe('Query Error: unterminated string at 5, expected a closing quote');
    expect(syntaxError('slug:a\u0000').message).toBe("Query Error: unexpected character '\\u0000' at 6, expected a valid character");
  });
});

describe('limits', () => {
  it(`rejects filters longer than ${NQL_MAX_LENGTH} characters`, () => {
    const ok = `slug:${'a'.repeat(NQL_MAX_LENGTH - 5)}`;
    expect(parseFilter(ok)).toMatchObject({ property: 'slug' });
    const error = syntaxError(`${ok}b`);
    expect(error.offset).toBe(NQL_MAX_LENGTH);
    expect(syntaxError('x'.repeat(10_000_000)).offset).toBe(NQL_MAX_LENGTH);
  });

  it(`rejects more than ${NQL_MAX_DEPTH} nested parentheses without exhausting the stack`, () => {
    const error = syntaxError(`${'('.repeat(1000)}a:1${')'.repeat(1000)}`);
    expect(error.offset).toBe(NQL_MAX_DEPTH);
    expect(error.message).toContain('nested parentheses');
    expect(syntaxError(`${'('.repeat(NQL_MAX_DEPTH + 1)}a:1${')'.repeat(NQL_MAX_DEPTH + 1)}`).offset).toBe(NQL_MAX_DEPTH);
    expect(syntaxError('('.repeat(5000)).offset).toBe(NQL_MAX_DEPTH);
  });

  it('does not count parentheses inside strings or escaped ones', () => {
    expect(parseFilter(`title:'${'('.repeat(500)}'`)).toMatchObject({ value: { value: '('.repeat(500) } });
    expect(parseFilter(`title:${'\\('.repeat(500)}`)).toMatchObject({ value: { value: '('.repeat(500) } });
  });
});

describe('valid look-alikes stay valid', () => {
  it.each(['slug:~x', 'slug:x--', 'slug:x-', "title:'x'+slug:y", 'slug::x', 'slug:-x', 'slug:-~^x', 'slug:-null-'])('%j', (input) => {
    expect(() => parseFilter(input)).not.toThrow();
  });
});
