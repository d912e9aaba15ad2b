// The SQL text helpers of the storage layer (lib/storage/sql/common.ts): pure functions.
import { describe, expect, it } from 'vitest';
import { equalsAny, pageSql, reversedOrder } from '../../lib/storage/sql/common';

describe('reversedOrder', () => {
  it('flips each item and moves nulls to the other end', () => {
    expect(reversedOrder(['p.published_at DESC', 'p.id DESC'])).toEqual(['p.published_at ASC NULLS LAST', 'p.id ASC NULLS LAST']);
    expect(reversedOrder(['t.name ASC', 'count_posts'])).toEqual(['t.name DESC NULLS FIRST', 'count_posts DESC NULLS FIRST']);
    expect(reversedOrder(['p.published_at DESC NULLS LAST', 'p.title asc nulls first'])).toEqual(['p.published_at ASC NULLS FIRST', 'p.title DESC NULLS LAST']);
    expect(reversedOrder([`CASE p.status WHEN 'draft' THEN 1 ELSE 2 END`])).toEqual([`CASE p.status WHEN 'draft' THEN 1 ELSE 2 END DESC NULLS FIRST`]);
  });
});

describe('page bounds and id lists in SQL text', () => {
  it('writes whole page bounds into the text and refuses anything else', () => {
    expect(pageSql({ limit: 15, offset: 0 })).toBe(' LIMIT 15');
    expect(pageSql({ limit: 15, offset: 30 })).toBe(' LIMIT 15 OFFSET 30');
    expect(pageSql({ limit: null, offset: 0 })).toBe('');
    expect(pageSql({ limit: 15, offset: 1e300 })).toBe(` LIMIT 15 OFFSET ${Number.MAX_SAFE_INTEGER}`);
    for (const limit of [1.5, -1, Number.NaN, Infinity]) expect(() => pageSql({ limit, offset: 0 })).toThrow(RangeError);
  });

  it('compares with one id as a value and with several as a list parameter', () => {
    const params: unknown[] = ['before'];
    expect(equalsAny('pt.post_id', ['a'], params)).toBe('pt.post_id = $2');
    expect(equalsAny('pt.post_id', ['b', 'c'], params)).toBe('pt.post_id = ANY($3::text[])');
    const twelve = Array.from({ length: 12 }, (_, i) => `id${i}`);
    expect(equalsAny('p.id', twelve, params)).toBe('p.id = ANY($4::text[])');
    expect(equalsAny('p.id', [], params)).toBe('p.id = ANY($5::text[])');
    // a list shorter than the 10 entries PostgreSQL assumes is padded with its last id (see plans.test.ts)
    expect(params).toEqual(['before', 'a', ['b', 'c', 'c', 'c', 'c', 'c', 'c', 'c', 'c', 'c'], twelve, []]);
  });
});
