// Random filters over a generated dataset: the SQL result (relations tested on each post's arrays of
// related ids, and as hashed sets over the link tables) must equal the in-memory predicate's, and
// printing then parsing a tree must give it back.
import type { PGlite } from '@electric-sql/pglite';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { compileFilter, parseFilter, toPredicate, type FieldType, type NqlListItem, type NqlNode, type NqlText, type NqlValue } from '../../lib/nql';
import { postFields } from '../../lib/storage/sql/filter-fields';
import { createDatabase, postAccessors, type Dataset } from './helpers/dataset';
import { generateDataset, NOW, TEXT_POOL } from './helpers/generate';
import { printFilter } from './helpers/print';

const SEED = 424242;
const data: Dataset = generateDataset();
let db: PGlite;

beforeAll(async () => {
  db = await createDatabase(data);
}, 60_000);

afterAll(async () => {
  await db?.close();
});

const PROPERTIES: Array<[name: string, type: FieldType]> = [
  ['id', 'string'],
  ['slug', 'string'],
  ['title', 'string'],
  ['status', 'string'],
  ['visibility', 'string'],
  ['type', 'string'],
  ['feature_image', 'string'],
  ['custom_excerpt', 'string'],
  ['featured', 'boolean'],
  ['page', 'boolean'],
  ['reading_time', 'number'],
  ['published_at', 'date'],
  ['created_at', 'date'],
  ['updated_at', 'date'],
  ['tags.slug', 'string'],
  ['tags.name', 'string'],
  ['tags.visibility', 'string'],
  ['tags.id', 'string'],
  ['authors.slug', 'string'],
  ['authors.name', 'string'],
  ['authors.email', 'string'],
  ['tag', 'string'],
  ['tags', 'string'],
  ['author', 'string'],
  ['authors', 'string'],
  ['primary_tag', 'string'],
  ['primary_author', 'string'],
];

/** Every value a property takes in the dataset, so that generated comparisons often match. */
function valuesOf(name: string): unknown[] {
  const accessor = postAccessors.fields[postAccessors.aliases?.[name] ?? name];
  return data.posts.flatMap((post) => {
    const value = accessor.get(post);
    return accessor.many ? (value as unknown[]) : [value];
  });
}

const flipCase = (text: string, mask: number) =>
  [...text].map((c, i) => ((mask >> (i % 30)) & 1 ? (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase()) : c)).join('');

/** A piece of `text` cut at code points, never inside a surrogate pair. */
function slice(text: string, start: number, length: number): string {
  const chars = [...text];
  const from = start % (chars.length + 1);
  return chars.slice(from, from + length).join('');
}

function textArb(name: string): fc.Arbitrary<string> {
  const seen = valuesOf(name).filter((v): v is string => typeof v === 'string');
  const base = fc.constantFrom(...new Set([...seen, ...TEXT_POOL]));
  return fc.oneof(
    { weight: 4, arbitrary: base },
    { weight: 2, arbitrary: fc.tuple(base, fc.nat(), fc.nat(), fc.nat()).map(([s, a, b, mask]) => flipCase(slice(s, a, b % 6), mask)) },
    { weight: 1, arbitrary: fc.string({ maxLength: 6, unit: fc.constantFrom('a', 'A', 'é', 'É', '%', '_', '\\', "'", ' ', '-', '0', '🎉', ',', '(', ':') }) },
  );
}

function asText(text: string, style: number): NqlText {
  if (/^\d+$/.test(text) && style % 3 === 0) return { kind: 'number', value: Number(text), raw: text };
  if (text !== '' && style % 3 === 1) return { kind: 'literal', value: text };
  return { kind: 'string', value: text };
}

const textValue = (name: string) => fc.tuple(textArb(name), fc.nat()).map(([text, style]) => asText(text, style));

function isoVariants(date: Date): string[] {
  const iso = date.toISOString();
  return [iso, iso.replace('T', ' ').replace('Z', ''), iso.slice(0, 10), iso.slice(0, 19), `${iso.slice(0, 19)}+01:30`];
}

function dateValue(name: string): fc.Arbitrary<NqlValue> {
  const dates = valuesOf(name).filter((v): v is Date => v instanceof Date);
  const texts = [...new Set(dates.flatMap(isoVariants))];
  return fc.oneof(
    fc
      .tuple(fc.constantFrom(...texts), fc.boolean())
      .map(([text, quoted]): NqlValue => (quoted || /[\s]/.test(text) ? { kind: 'string', value: text } : { kind: 'literal', value: text })),
    fc.record({
      kind: fc.constant('relative-date' as const),
      sign: fc.constantFrom('+' as const, '-' as const),
      amount: fc.nat({ max: 500 }),
      unit: fc.constantFrom('y' as const, 'M' as const, 'w' as const, 'd' as const, 'h' as const, 'm' as const, 's' as const),
    }),
  );
}

function numberValue(): fc.Arbitrary<NqlText> {
  return fc.oneof(
    fc.tuple(fc.nat({ max: 14 }), fc.nat({ max: 2 })).map(([n, zeros]): NqlText => {
      const raw = '0'.repeat(zeros) + String(n);
      return { kind: 'number', value: n, raw };
    }),
    fc.integer({ min: -3, max: 14 }).map((n): NqlText => ({ kind: 'string', value: String(n) })),
  );
}

function comparisonArb([name, type]: [string, FieldType]): fc.Arbitrary<NqlNode> {
  const cmp = (op: string, value: unknown) => ({ type: 'cmp', property: name, op, value }) as NqlNode;
  // in-groups may name null (and, on booleans, true and false)
  const withNull = (item: fc.Arbitrary<NqlListItem>) =>
    fc.oneof({ weight: 5, arbitrary: item }, { weight: 1, arbitrary: fc.constant<NqlListItem>({ kind: 'null' }) });
  const list = (item: fc.Arbitrary<NqlListItem>) =>
    fc.tuple(fc.constantFrom('in', 'nin'), fc.array(withNull(item), { minLength: 1, maxLength: 4 })).map(([op, items]) => cmp(op, { kind: 'list', items }));
  const nullCmp = fc.constantFrom('eq', 'ne').map((op) => cmp(op, { kind: 'null' }));
  const ordered = fc.constantFrom('eq', 'ne', 'gt', 'gte', 'lt', 'lte');
  switch (type) {
    case 'boolean':
      return fc.oneof(
        fc.tuple(fc.constantFrom('eq', 'ne'), fc.boolean()).map(([op, value]) => cmp(op, { kind: 'bool', value })),
        list(fc.boolean().map((value): NqlListItem => ({ kind: 'bool', value }))),
      );
    case 'number':
      return fc.oneof(
        fc.tuple(ordered, numberValue()).map(([op, v]) => cmp(op, v)),
        list(numberValue()),
      );
    case 'date':
      return fc.oneof(
        { weight: 4, arbitrary: fc.tuple(ordered, dateValue(name)).map(([op, v]) => cmp(op, v)) },
        { weight: 1, arbitrary: nullCmp },
        {
          weight: 1,
          arbitrary: list(dateValue(name).filter((v): v is NqlText => v.kind === 'string' || v.kind === 'literal')),
        },
      );
    case 'string':
      return fc.oneof(
        { weight: 4, arbitrary: fc.tuple(ordered, textValue(name)).map(([op, v]) => cmp(op, v)) },
        {
          weight: 3,
          arbitrary: fc.tuple(fc.constantFrom('contains', 'ncontains', 'startswith', 'endswith'), textValue(name)).map(([op, v]) => cmp(op, v)),
        },
        { weight: 2, arbitrary: list(textValue(name)) },
        { weight: 1, arbitrary: nullCmp },
        { weight: 1, arbitrary: fc.tuple(fc.constantFrom('eq', 'ne'), fc.boolean()).map(([op, value]) => cmp(op, { kind: 'bool', value })) },
      );
  }
}

const comparison = fc.constantFrom(...PROPERTIES).chain(comparisonArb);

const { tree } = fc.letrec<{ tree: NqlNode }>((tie) => ({
  tree: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    comparison,
    fc.tuple(fc.constantFrom('and' as const, 'or' as const), fc.array(tie('tree'), { minLength: 2, maxLength: 3 })).map(([type, nodes]) => ({ type, nodes })),
  ),
}));

/** The parser's normal form: nested and-in-and (or-in-or) flattened. */
function normalise(node: NqlNode): NqlNode {
  if (node.type === 'cmp') return node;
  const nodes = node.nodes.map(normalise).flatMap((child) => (child.type === node.type ? child.nodes : [child]));
  return { type: node.type, nodes };
}

it('SQL and the in-memory predicate agree on random filters', async () => {
  const ids = new Map(data.posts.map((post) => [post.id, post]));
  await fc.assert(
    fc.asyncProperty(tree.map(normalise), fc.constantFrom('', ' ', '  '), async (ast, space) => {
      const text = printFilter(ast, space);
      const parsed = parseFilter(text);
      expect(parsed).toEqual(ast);
      const params: unknown[] = [];
      const where = compileFilter(parsed, postFields, params, { now: NOW });
      const { rows } = await db.query<{ id: string }>(`SELECT p.id FROM posts p WHERE ${where} ORDER BY p.id`, params);
      const predicate = toPredicate(parsed, postAccessors, { now: NOW });
      const expected = data.posts
        .filter(predicate)
        .map((post) => post.id)
        .sort();
      expect(rows.map((row) => row.id)).toEqual(expected);
      // relation comparisons over the link tables select the same posts
      const setParams: unknown[] = [];
      const asSets = compileFilter(parsed, postFields, setParams, { now: NOW, relations: 'set' });
      const { rows: setRows } = await db.query<{ id: string }>(`SELECT p.id FROM posts p WHERE ${asSets} ORDER BY p.id`, setParams);
      expect(setRows.map((row) => row.id)).toEqual(expected);
      expect(ids.size).toBe(data.posts.length);
    }),
    { seed: SEED, numRuns: 400, endOnFailure: false },
  );
}, 60_000);
