import type { NqlComparison, NqlNode } from './ast';
import { resolveComparison, type Condition } from './condition';
import { lookupProperty, resolveProperty, type FieldType, type PropertyMap } from './fields';
import { RANGE_OPS, sameRowUnits, type RelationTerm } from './same-row';

// The in-memory twin of compileFilter, for records that are not in the database (webhook
// payloads, caches, tests). It agrees with the SQL semantics:
// - text equality is exact and case-sensitive (PostgreSQL `=` on text);
// - text order is code point order (what `COLLATE "C"` compares);
// - `~`, `~^`, `~$` fold ASCII letters only (ILIKE under `COLLATE "C"`);
// - a positive test never holds on null, and neither does its negation (SQL's NOT of unknown);
//   only `:null`, `:-null` and an in-group naming `null` test for null;
// - on a relation (many: true) a positive test holds when any related value passes, a negated
//   test when none does; positive tests grouped by same-row.ts must pass on one related row.

export interface Accessor<R> {
  type: FieldType;
  /**
   * True for to-many properties: `get` then returns the array of related values, one per related
   * row in a fixed order, so that the accessors of one relation give element i for the same row.
   */
  many?: boolean;
  /** Names the relation of a to-many property; defaults to its field name up to the last '.' (`tags` for `tags.slug`). */
  relation?: string;
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

  const resolve = (node: NqlComparison) => {
    const name = resolveProperty(accessors, node.property);
    const accessor = lookupProperty(accessors, node.property);
    const { condition, negated } = resolveComparison(node, accessor.type, now);
    return { name, accessor, negated, test: positiveTest(condition, accessor.type) };
  };

  const termOf = (node: NqlNode): RelationTerm | null => {
    if (node.type !== 'cmp') return null;
    const { name, accessor, negated } = resolve(node);
    if (!accessor.many || negated) return null;
    const dot = name.lastIndexOf('.');
    return { relation: accessor.relation ?? (dot > 0 ? name.slice(0, dot) : name), column: name, range: RANGE_OPS.has(node.op) };
  };

  const relatedValues = (accessor: Accessor<R>, record: R): unknown[] => {
    const values = accessor.get(record);
    return Array.isArray(values) ? values : [];
  };

  /** Positive tests on one relation that one related row must pass together. */
  const sameRow = (nodes: NqlNode[]): ((record: R) => boolean) => {
    const parts = nodes.map((node) => resolve(node as NqlComparison));
    return (record) => {
      const columns = parts.map((part) => relatedValues(part.accessor, record));
      const rows = Math.min(...columns.map((values) => values.length));
      for (let row = 0; row < rows; row++) {
        if (parts.every((part, i) => part.test(columns[i][row]) === true)) return true;
      }
      return false;
    };
  };

  const build = (node: NqlNode): ((record: R) => boolean) => {
    if (node.type === 'and') {
      const parts = sameRowUnits(node.nodes, termOf).map((unit) => (unit.length === 1 ? build(unit[0]) : sameRow(unit)));
      return (record) => parts.every((part) => part(record));
    }
    if (node.type === 'or') {
      const parts = node.nodes.map(build);
      return (record) => parts.some((part) => part(record));
    }
    const { accessor, negated, test } = resolve(node);
    if (accessor.many) {
      return (record) => {
        const any = relatedValues(accessor, record).some((value) => test(value) === true);
        return negated ? !any : any;
      };
    }
    // unknown (null) fails both the test and its negation
    return (record) => {
      const result = test(accessor.get(record));
      return result !== null && result !== negated;
    };
  };

  return build(ast);
}

/** A test's answer: true, false, or null for unknown (a null value where the test does not ask for null). */
type Truth = boolean | null;

function positiveTest(condition: Condition, type: FieldType): (value: unknown) => Truth {
  const norm = (value: unknown): string | number | boolean | null => normalise(value, type);
  switch (condition.test) {
    case 'null':
      return (value) => norm(value) === null;
    case 'in': {
      const wanted = new Set(condition.values.map(norm));
      return (value) => {
        const v = norm(value);
        return v === null ? (condition.orNull ? true : null) : wanted.has(v);
      };
    }
    case 'contains':
    case 'startswith':
    case 'endswith': {
      const needle = asciiLower(condition.text);
      const method = condition.test === 'contains' ? 'includes' : condition.test === 'startswith' ? 'startsWith' : 'endsWith';
      return (value) => (typeof value === 'string' ? asciiLower(value)[method](needle) : null);
    }
    default: {
      const wanted = norm(condition.value);
      const accept = ACCEPT[condition.test];
      return (value) => {
        const v = norm(value);
        return v === null || wanted === null ? null : accept(compare(v, wanted));
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
