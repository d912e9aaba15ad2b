import { describe, expect, it } from 'vitest';
import { NqlFieldError, parseFilter, toPredicate, type AccessorMap } from '../../lib/nql';
import { compareCodePoints } from '../../lib/nql/to-predicate';

interface Rec {
  title?: string | null;
  at?: unknown;
  n?: number;
  tags?: string[];
}

const accessors: AccessorMap<Rec> = {
  fields: {
    title: { type: 'string', get: (r) => r.title },
    at: { type: 'date', get: (r) => r.at },
    n: { type: 'number', get: (r) => r.n },
    'tags.slug': { type: 'string', many: true, get: (r) => r.tags },
  },
  aliases: { tag: 'tags.slug', missing: 'nowhere' },
};

const matches = (filter: string, record: Rec) => toPredicate(parseFilter(filter), accessors, { now: new Date('2024-01-01T00:00:00Z') })(record);

describe('toPredicate', () => {
  it('reads dates given as Date, ISO string or epoch milliseconds', () => {
    for (const at of [new Date('2020-05-01T00:00:00Z'), '2020-05-01T00:00:00.000Z', Date.parse('2020-05-01T00:00:00Z')]) {
      expect(matches("at:'2020-05-01'", { at })).toBe(true);
      expect(matches('at:>2020-04-30', { at })).toBe(true);
      expect(matches('at:<now-1y', { at })).toBe(true);
      expect(matches('at:[2020-05-01,2021-01-01]', { at })).toBe(true);
    }
  });

  it('treats undefined and unreadable values as null', () => {
    expect(matches('title:null', {})).toBe(true);
    // SQL's NOT: a negation does not hold on null either
    expect(matches('title:-x', {})).toBe(false);
    expect(matches('title:-null', {})).toBe(false);
    expect(matches('title:[null,x]', {})).toBe(true);
    expect(matches('title:>a', {})).toBe(false);
    expect(matches('at:null', { at: 'not a date' })).toBe(true);
    expect(matches('n:-[1,2]', {})).toBe(false);
    expect(matches('n:-[1,2]', { n: 3 })).toBe(true);
  });

  it('gives relations without related values the "none" answers', () => {
    expect(matches('tag:a', {})).toBe(false);
    expect(matches('tag:-a', {})).toBe(true);
    expect(matches('tag:-[a,b]', { tags: [] })).toBe(true);
    expect(matches('tag:-[a,b]', { tags: ['c', 'b'] })).toBe(false);
    expect(matches('tag:a+tag:b', { tags: ['b', 'a'] })).toBe(true);
  });

  it('folds ASCII letters only in ~ comparisons, like ILIKE under the C collation', () => {
    expect(matches('title:~ABC', { title: 'xabcx' })).toBe(true);
    expect(matches("title:~'É'", { title: 'é' })).toBe(false);
    expect(matches("title:~^'hé'", { title: 'HÉllo' })).toBe(false);
    expect(matches("title:~$'LO'", { title: 'HÉllo' })).toBe(true);
    expect(matches("title:-~'x'", { title: null })).toBe(false);
    expect(matches("title:-~'x'", { title: 'abc' })).toBe(true);
  });

  it('compares text exactly and case-sensitively', () => {
    expect(matches('title:Abc', { title: 'abc' })).toBe(false);
    expect(matches('title:007', { title: '007' })).toBe(true);
    expect(matches('title:007', { title: '7' })).toBe(false);
  });

  it('resolves aliases once and rejects unknown targets', () => {
    expect(() => toPredicate(parseFilter('missing:x'), accessors)).toThrow(NqlFieldError);
    expect(() => toPredicate(parseFilter('nowhere:x'), accessors)).toThrow(NqlFieldError);
  });
});

describe('compareCodePoints', () => {
  it('orders by code point, unlike the UTF-16 order of <', () => {
    expect('\uffff' < '😀').toBe(false);
    expect(compareCodePoints('\uffff', '😀')).toBeLessThan(0);
    expect(compareCodePoints('😀', '\ue000')).toBeGreaterThan(0);
    expect(compareCodePoints('a', 'ab')).toBeLessThan(0);
    expect(compareCodePoints('B', 'a')).toBeLessThan(0);
    expect(compareCodePoints('é', 'é')).toBe(0);
  });
});
