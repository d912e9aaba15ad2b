import { describe, expect, it } from 'vitest';
import { CountMemo } from '../../lib/storage/sql/count-memo';

describe('CountMemo', () => {
  it('serves a count only to a reader of the generation it was counted in', () => {
    const memo = new CountMemo();
    memo.set('posts', 3, 10);
    expect(memo.get('posts', 3)).toBe(10);
    expect(memo.get('posts', 2)).toBeUndefined();
    expect(memo.get('posts', 4)).toBeUndefined();
  });

  it('drops every count of an older generation once a newer one is counted, and never files an older one', () => {
    const memo = new CountMemo();
    memo.set('posts', 3, 10);
    memo.set('tags', 3, 4);
    memo.set('posts', 4, 11);
    expect(memo.get('tags', 3)).toBeUndefined();
    expect(memo.get('tags', 4)).toBeUndefined();
    // a reader that started before the write finishes its count late: it must not replace the newer one
    memo.set('posts', 3, 10);
    expect(memo.get('posts', 4)).toBe(11);
    expect(memo.get('posts', 3)).toBeUndefined();
  });

  it('keeps at most its size, dropping the oldest count first', () => {
    const memo = new CountMemo(2);
    memo.set('a', 1, 1);
    memo.set('b', 1, 2);
    memo.set('a', 1, 3);
    memo.set('c', 1, 4);
    expect([memo.get('a', 1), memo.get('b', 1), memo.get('c', 1)]).toEqual([3, undefined, 4]);
  });
});
