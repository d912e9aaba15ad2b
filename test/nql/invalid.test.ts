import { describe, expect, it } from 'vitest';
import { NQL_MAX_DEPTH, NQL_MAX_LENGTH, NqlSyntaxError, parseFilter } from '../../lib/nql';
import { INVALID_FILTERS as cases } from './helpers/invalid-cases';

function syntaxError(input: string): NqlSyntaxError {
  try {
    parseFilter(input);
  } catch (error) {
    expect(error).toBeInstanceOf(NqlSyntaxError);
    return error as NqlSyntaxError;
  }
  throw new Error(`parsed: ${JSON.stringify(input)}`);
}

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
