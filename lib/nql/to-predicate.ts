import type { NqlNode } from './ast';
import { resolveComparison, type Condition } from './condition';
import { lookupProperty, type FieldType, type PropertyMap } from './fields';

// The in-memory twin of compileFilter, for records that are not in the database (webhook
// payloads, caches, tests). It agrees with the SQL semantics:
// - text equality is exact and case-sensitive (PostgreSQL `=` on text);
// - text order is code point order (what `COLLATE "C"` compares);
// - `~`, `~^`, `~$` fold ASCII letters only (ILIKE under `COLLATE "C"`);
// - a positive test never holds on null; negated tests are its complement;
// - on a relation (many: true) a positive test holds when any related value passes, a negated
//   test when none does.

export interface Accessor<R> {
  type: FieldType;
  /** True for to-many properties: `get` then returns the array of related values. */
  many?: boolean;
  /** The property's value: string, number, boolean, or for dates a Date, ISO string or epoch ms; null when absent. */
  get(record: R): unknown;
}

export type AccessorMap<R> = PropertyMap<Accessor<R>>;

export interface PredicateOptions {
  /** The clock for relative dates; pass the same instant as to compileFilter to get the same answers. */
  now?: Date;
}

/** Builds a predicate for `ast`; unknown properties and ill-typed values throw now, as in compileFilter. */
export function toPredicate<R>(ast: NqlNode, accessors: AccessorMap<R>, options: PredicateOptions = {}): (record: R) => boolean {
  const now = options.now ?? new Date();

  const build = (node: NqlNode): ((record: R) => boolean) => {
    if (node.type === 'and') {
      const parts = node.nodes.map(build);
      return (record) => parts.every((part) => part(record));
    }
    if (node.type === 'or') {
      const parts = node.nodes.map(build);
      return (record) => parts.some((part) => part(record));
    }
    const accessor = lookupProperty(accessors, node.property);
    const { condition, negated } = resolveComparison(node, accessor.type, now);
    const test = positiveTest(condition, accessor.type);
    if (accessor.many) {
      return (record) => {
        const values = accessor.get(record);
        const any = Array.isArray(values) && values.some(test);
        return negated ? !any : any;
      };
    }
    return (record) => test(accessor.get(record)) !== negated;
  };

  return build(ast);
}

function positiveTest(condition: Condition, type: FieldType): (value: unknown) => boolean {
  const norm = (value: unknown): string | number | boolean | null => normalise(value, type);
  switch (condition.test) {
    case 'null':
      return (value) => norm(value) === null;
    case 'in': {
      const wanted = new Set(condition.values.map(norm));
      return (value) => {
        const v = norm(value);
        return v !== null && wanted.has(v);
      };
    }
    case 'contains':
    case 'startswith':
    case 'endswith': {
      const needle = asciiLower(condition.text);
      const method = condition.test === 'contains' ? 'includes' : condition.test === 'startswith' ? 'startsWith' : 'endsWith';
      return (value) => typeof value === 'string' && asciiLower(value)[method](needle);
    }
    default: {
      const wanted = norm(condition.value);
      const accept = ACCEPT[condition.test];
      return (value) => {
        const v = norm(value);
        return v !== null && wanted !== null && accept(compare(v, wanted));
      };
    }
  }
}

const ACCEPT: Readonly<Record<'eq' | 'gt' | 'gte' | 'lt' | 'lte', (order: number) => boolean>> = {
  eq: (order) => order === 0,
  gt: (order) => order > 0,
  gte: (order) => order >= 0,
  lt: (order) => order < 0,
  lte: (order) => order <= 0,
};

// Dates become epoch milliseconds so that equal instants are equal values (also inside Sets).
function normalise(value: unknown, type: FieldType): string | number | boolean | null {
  if (value === null || value === undefined) return null;
  if (type === 'date') {
    const time = value instanceof Date ? value.getTime() : typeof value === 'string' || typeof value === 'number' ? new Date(value).getTime() : Number.NaN;
    return Number.isNaN(time) ? null : time;
  }
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  return null;
}

function compare(a: string | number | boolean, b: string | number | boolean): number {
  if (typeof a === 'string' && typeof b === 'string') return compareCodePoints(a, b);
  if (typeof a === 'number' && typeof b === 'number') return a === b ? 0 : a < b ? -1 : 1;
  if (typeof a === 'boolean' && typeof b === 'boolean') return a === b ? 0 : 1;
  return Number.NaN;
}

/** Orders strings by code point (= UTF-8 byte order), not by UTF-16 unit as `<` does. */
export function compareCodePoints(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return rank(x) - rank(y);
  }
  return a.length - b.length;
}

// Surrogates (U+D800..DFFF, encoding code points above U+FFFF) sort after U+E000..FFFF.
const rank = (unit: number): number => (unit < 0xd800 ? unit : unit < 0xe000 ? unit + 0x2000 : unit - 0x800);

const asciiLower = (text: string): string => text.replace(/[A-Z]+/g, (run) => run.toLowerCase());
