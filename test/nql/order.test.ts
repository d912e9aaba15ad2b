import { describe, expect, it } from 'vitest';
import { inGroupOrder, parseFilter } from '../../lib/nql';

describe('inGroupOrder', () => {
  it.each<[string, string[] | null]>([
    ['slug:[c,a,b]', ['c', 'a', 'b']],
    ["slug:[c,'a b',007]", ['c', 'a b', '007']],
    ['slug:[c,a]+featured:true', ['c', 'a']],
    ['featured:true+SLUG:[c,a]+tag:x', ['c', 'a']],
    ['(slug:[c,a]+featured:true)+tag:x', ['c', 'a']],
    ['slug:[c]', ['c']],
    ['slug:c', null],
    ['slug:-[c,a]', null],
    ['slug:[c,a],featured:true', null],
    ['slug:[c,a]+slug:[a,c]', null],
    ['(slug:[c,a],tag:x)+featured:true', null],
    ['tag:[c,a]', null],
    ['featured:true', null],
  ])('%s', (filter, expected) => {
    expect(inGroupOrder(parseFilter(filter), 'slug')).toEqual(expected);
  });

  it('matches the property case-insensitively', () => {
    expect(inGroupOrder(parseFilter('slug:[b,a]'), 'SLUG')).toEqual(['b', 'a']);
  });
});
