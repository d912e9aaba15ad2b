import nearley from 'nearley';
import { describe, expect, it } from 'vitest';
import { NqlLimitError, parseFilter, type NqlNode } from '../../lib/nql';
import grammar from '../../lib/nql/grammar';
import { and, bool, cmp, eq, lit, nul, num, or, rel, str } from './helpers/ast';

/** Parses with nearley directly, so ambiguity shows up as a count rather than an internal error. */
function parseCount(input: string): number {
  const parser = new nearley.Parser(nearley.Grammar.fromCompiled(grammar));
  parser.feed(input);
  return parser.results.length;
}

function check(input: string, expected: NqlNode): void {
  expect(parseFilter(input)).toEqual(expected);
  expect(parseCount(input)).toBe(1);
}

describe('comparisons', () => {
  const cases: Array<[string, NqlNode]> = [
    ['featured:true', eq('featured', bool(true))],
    ['featured:false', eq('featured', bool(false))],
    ['feature_image:null', eq('feature_image', nul)],
    ['feature_image:-null', cmp('feature_image', 'ne', nul)],
    ['status:-draft', cmp('status', 'ne', lit('draft'))],
    ['reading_time:>5', cmp('reading_time', 'gt', num('5'))],
    ['reading_time:>=5', cmp('reading_time', 'gte', num('5'))],
    ['reading_time:<5', cmp('reading_time', 'lt', num('5'))],
    ['reading_time:<=5', cmp('reading_time', 'lte', num('5'))],
    ['slug:[a,b,c]', cmp('slug', 'in', [lit('a'), lit('b'), lit('c')])],
    ['slug:-[a,b]', cmp('slug', 'nin', [lit('a'), lit('b')])],
    ['slug:[a]', cmp('slug', 'in', [lit('a')])],
    ["slug:['a b', 7, x]", cmp('slug', 'in', [str('a b'), num('7'), lit('x')])],
    ["title:~'foo'", cmp('title', 'contains', str('foo'))],
    ['title:~foo', cmp('title', 'contains', lit('foo'))],
    ["title:~^'foo'", cmp('title', 'startswith', str('foo'))],
    ["title:~$'foo'", cmp('title', 'endswith', str('foo'))],
    ["title:-~'foo'", cmp('title', 'ncontains', str('foo'))],
    ['title:~12', cmp('title', 'contains', num('12'))],
    ['published_at:>now-30d', cmp('published_at', 'gt', rel('-', 30, 'd'))],
    ['published_at:<now+1w', cmp('published_at', 'lt', rel('+', 1, 'w'))],
    ['published_at:>=now-2M', cmp('published_at', 'gte', rel('-', 2, 'M'))],
    ['published_at:<=now-2m', cmp('published_at', 'lte', rel('-', 2, 'm'))],
    ['published_at:now-1y', eq('published_at', rel('-', 1, 'y'))],
    ['published_at:-now-1h', cmp('published_at', 'ne', rel('-', 1, 'h'))],
    ['published_at:>now-10s', cmp('published_at', 'gt', rel('-', 10, 's'))],
    ['Tags.Slug:x', eq('tags.slug', lit('x'))],
    ['AUTHORS:x', eq('authors', lit('x'))],
    ['_private:x', eq('_private', lit('x'))],
    ['count.posts:>0', cmp('count.posts', 'gt', num('0'))],
    ['a.b.c:d', eq('a.b.c', lit('d'))],
  ];
  it.each(cases)('%s', (input, expected) => check(input, expected));
});

describe('literal edge cases', () => {
  const cases: Array<[string, NqlNode]> = [
    ['slug:123-text', eq('slug', lit('123-text'))],
    ['slug:a', eq('slug', lit('a'))],
    ['tag:getting-started', eq('tag', lit('getting-started'))],
    ['slug:007', eq('slug', num('007'))],
    ['slug:0', eq('slug', num('0'))],
    ['slug:12345678901234567890', eq('slug', { kind: 'number', value: Number('12345678901234567890'), raw: '12345678901234567890' })],
    ["title:'it\\'s'", eq('title', str("it's"))],
    ["title:'back\\\\slash'", eq('title', str('back\\slash'))],
    ["title:''", eq('title', str(''))],
    ["title:'  spaced  '", eq('title', str('  spaced  '))],
    ["title:'a+b,c(d)[e]>f<g=h\"'", eq('title', str('a+b,c(d)[e]>f<g=h"'))],
    ["published_at:>'2020-01-01 10:00:00'", cmp('published_at', 'gt', str('2020-01-01 10:00:00'))],
    ['published_at:>2020-01-01', cmp('published_at', 'gt', lit('2020-01-01'))],
    ['slug:a\\ b', eq('slug', lit('a b'))],
    ['slug:a\\+b\\,c', eq('slug', lit('a+b,c'))],
    ['slug:\\-x', eq('slug', lit('-x'))],
    ['slug:x-', eq('slug', lit('x-'))],
    ['slug:a-b-c', eq('slug', lit('a-b-c'))],
    ['slug:a:b', eq('slug', lit('a:b'))],
    ['slug:a~b', eq('slug', lit('a~b'))],
    ['slug:nullx', eq('slug', lit('nullx'))],
    ['slug:truex', eq('slug', lit('truex'))],
    // keywords are case-insensitive; escaped, they are words
    ['slug:NULL', eq('slug', nul)],
    ['slug:True', eq('slug', bool(true))],
    ['slug:\\NULL', eq('slug', lit('NULL'))],
    ['featured:[true,FALSE]', cmp('featured', 'in', [bool(true), bool(false)])],
    ['slug:-[Null, a]', cmp('slug', 'nin', [nul, lit('a')])],
    // a well-formed in-group is lexed whole; its items mean what they mean item by item
    ["tag:[a , \\,b,'c d',007,FALSE,now]", cmp('tag', 'in', [lit('a'), lit(',b'), str('c d'), num('007'), bool(false), lit('now')])],
    ['slug:now', eq('slug', lit('now'))],
    ['slug:now-1dx', eq('slug', lit('now-1dx'))],
    ['slug:now-1', eq('slug', lit('now-1'))],
    ['slug:\\null', eq('slug', lit('null'))],
    ['slug:\\123', eq('slug', lit('123'))],
    ['slug:12.5', eq('slug', lit('12.5'))],
    ['slug:école', eq('slug', lit('école'))],
    ['slug:🎉', eq('slug', lit('🎉'))],
    ['slug:a!@#$%^&*', eq('slug', lit('a!@#$%^&*'))],
    ['slug:/path/to', eq('slug', lit('/path/to'))],
  ];
  it.each(cases)('%s', (input, expected) => check(input, expected));
});

describe('combinators, precedence and nesting', () => {
  const a = eq('a', num('1'));
  const b = eq('b', num('2'));
  const c = eq('c', num('3'));
  const d = eq('d', num('4'));
  const cases: Array<[string, NqlNode]> = [
    ['a:1+b:2', and(a, b)],
    ['a:1,b:2', or(a, b)],
    ['a:1+b:2,c:3', or(and(a, b), c)],
    ['a:1,b:2+c:3', or(a, and(b, c))],
    ['a:1+b:2+c:3', and(a, b, c)],
    ['a:1,b:2,c:3', or(a, b, c)],
    ['(a:1,b:2)+c:3', and(or(a, b), c)],
    ['a:1+(b:2,c:3)', and(a, or(b, c))],
    ['(a:1+b:2)+c:3', and(a, b, c)],
    ['a:1+(b:2+c:3)', and(a, b, c)],
    ['(a:1,b:2),(c:3,d:4)', or(a, b, c, d)],
    ['(a:1,b:2)+(c:3,d:4)', and(or(a, b), or(c, d))],
    ['((a:1))', a],
    ['(((a:1+b:2)))', and(a, b)],
    ['(a:1,(b:2+(c:3,d:4)))', or(a, and(b, or(c, d)))],
    ['  a : 1  +  b :2 ,c:  3  ', or(and(a, b), c)],
    ['\ta:1\n+\r\nb:2', and(a, b)],
    ['( a:1 , b:2 ) + c:3', and(or(a, b), c)],
    ['a:[ 1 , 2 ]', cmp('a', 'in', [num('1'), num('2')])],
    ['a:- [1]', cmp('a', 'nin', [num('1')])],
    ["a: - 'x'", cmp('a', 'ne', str('x'))],
    ['tag:a+tag:b', and(eq('tag', lit('a')), eq('tag', lit('b')))],
    // an in-group joined by '+' is all of its values, each its own comparison (reference-behaviour §8)
    ['tag:[news+design]', and(eq('tag', lit('news')), eq('tag', lit('design')))],
    ['tags:[engineering+tutorials]+featured:true', and(eq('tags', lit('engineering')), eq('tags', lit('tutorials')), eq('featured', bool(true)))],
    ["tag:[ a + 'b c' + 7 ]", and(eq('tag', lit('a')), eq('tag', str('b c')), eq('tag', num('7')))],
    ['tag:-[a+b]', and(cmp('tag', 'ne', lit('a')), cmp('tag', 'ne', lit('b')))],
    ['tag:[a+b],c:3', or(and(eq('tag', lit('a')), eq('tag', lit('b'))), c)],
    ['c:3+(tag:[a+b])', and(c, eq('tag', lit('a')), eq('tag', lit('b')))],
  ];
  it.each(cases)('%s', (input, expected) => check(input, expected));

  it('parses 100 levels of parentheses', () => {
    const input = `${'('.repeat(100)}a:1${')'.repeat(100)}`;
    expect(parseFilter(input)).toEqual(a);
  });

  it('parses 100 alternating nested levels', () => {
    let input = 'a:1';
    let expected: NqlNode = a;
    for (let i = 0; i < 99; i++) {
      const op = i % 2 === 0 ? '+' : ',';
      input = `b:2${op}(${input})`;
      expected = i % 2 === 0 ? and(b, expected) : or(b, expected);
    }
    expect(parseFilter(input)).toEqual(expected);
  });

  it('parses up to 100 comparisons and 1,000 in-group values, and refuses more naming the limit', () => {
    const flat = (n: number) => Array.from({ length: n }, (_, i) => `a:${i % 10}`).join(',');
    const ast = parseFilter(flat(100));
    expect(ast.type === 'or' && ast.nodes.length).toBe(100);
    expect(() => parseFilter(flat(101))).toThrow(NqlLimitError);
    expect(() => parseFilter(flat(101))).toThrow('the filter has more than 100 comparisons; at most 100 are allowed');
    const values = (n: number) => Array.from({ length: n }, (_, i) => `v${i}`).join(',');
    expect(parseFilter(`a:[${values(600)}]+b:-[${values(400)}]`).type).toBe('and');
    expect(() => parseFilter(`a:[${values(600)}]+b:-[${values(401)}]`)).toThrow("the filter's in-groups hold more than 1000 values; at most 1000 are allowed");
    // each value of a '+' in-group is a comparison
    const all = (n: number) => `a:[${Array.from({ length: n }, (_, i) => `v${i}`).join('+')}]`;
    expect(parseFilter(all(100)).type).toBe('and');
    expect(() => parseFilter(all(101))).toThrow('the filter has more than 100 comparisons; at most 100 are allowed');
  });

  it("refuses an in-group mixing ',' and '+', saying what it expected", () => {
    expect(() => parseFilter('tag:[a,b+c]')).toThrow("Query Error: unexpected character '+' at 8, expected ',' or ']'");
    expect(() => parseFilter('tag:[a+b,c]')).toThrow("Query Error: unexpected character ',' at 8, expected '+' or ']'");
    expect(() => parseFilter('tag:[a+]')).toThrow('expected a value');
  });
});
