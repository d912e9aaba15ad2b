import type { NqlComparison, NqlNode } from './ast';
import { resolveComparison, type Condition, type Scalar } from './condition';
import { lookupProperty, type FieldDef, type FieldLookup, type FieldMap, type FieldRelation, type FieldType } from './fields';
import { RANGE_OPS, sameRowUnits, type RelationTerm } from './same-row';

export interface CompileOptions {
  /** The clock for relative dates (`now-30d`); defaults to the current time. */
  now?: Date;
  /**
   * How comparisons on to-many relations are compiled. `ids` (default): a relation whose outer row
   * keeps its related ids (`FieldRelation.ids`) is tested on that array; the others as sets. `set`:
   * every relation as a set of the outer keys of its matching related rows, collected once per query
   * (the reference form the arrays must agree with).
   */
  relations?: 'ids' | 'set';
}

// Placeholders carry explicit casts: PostgreSQL cannot always infer a parameter's type (in IN
// lists, IS DISTINCT FROM, against subqueries), and the SQL then works whatever a driver sends.
const CASTS: Readonly<Record<FieldType, string>> = {
  string: 'text',
  number: 'bigint',
  boolean: 'boolean',
  date: 'timestamptz',
};

/**
 * Compiles a filter into a SQL boolean expression over the aliases of `fields`. Values are
 * appended to `params` and referenced as `$n` (n = position in params, so earlier parameters of
 * the caller's query are kept); no value is ever written into the SQL text.
 * Throws NqlFieldError for unknown properties and NqlValueError for values that do not fit.
 */
export function compileFilter(ast: NqlNode, fields: FieldMap, params: unknown[], options: CompileOptions = {}): string {
  return compiler(fields, params, options).compile(ast);
}

/**
 * The comparisons of a filter that every match must pass (its top level, or the items of a top-level
 * conjunction) and that ask for a related row: on a to-many relation (`tag:news`, not `-tag:news`),
 * or on a to-one lookup with a value (`primary_tag:news`, not `primary_tag:null`).
 */
export function requiredRelations(ast: NqlNode, fields: FieldMap, options: CompileOptions = {}): NqlComparison[] {
  const now = options.now ?? new Date();
  const conjuncts = ast.type === 'and' ? ast.nodes : [ast];
  return conjuncts.filter((node): node is NqlComparison => {
    if (node.type !== 'cmp') return false;
    const def = lookupProperty(fields, node.property);
    const { condition, negated } = resolveComparison(node, def.type, now);
    return asksForRelatedRow(def, condition, negated);
  });
}

/** Whether a comparison holds only for outer rows with a related row: a positive test of a relation, or of a lookup other than `:null`. */
function asksForRelatedRow(def: FieldDef, condition: Condition, negated: boolean): boolean {
  if (negated) return false;
  if (def.lookup) return condition.test !== 'null';
  return def.relation !== undefined;
}

/** What `relationLinks` gives: `<key> = ANY(ARRAY(<links>))` holds for every row the comparison allows. */
export interface RelationLinks {
  /** A column of the outer row, e.g. `p.id` or `p.primary_tag_id`. */
  key: string;
  /** `SELECT …` of the values of `key` the comparison allows. */
  links: string;
  /** Whether each row of `links` is one outer row (a to-many link) rather than a related row (a lookup). */
  perOuterRow: boolean;
}

/** For a comparison `requiredRelations` gave: the values of an outer column it allows, with its values appended to `params`. */
export function relationLinks(node: NqlComparison, fields: FieldMap, params: unknown[], options: CompileOptions = {}): RelationLinks {
  return compiler(fields, params, options).links(node);
}

function compiler(fields: FieldMap, params: unknown[], options: CompileOptions) {
  const now = options.now ?? new Date();

  const bind = (value: Scalar, type: FieldType): string => {
    params.push(value instanceof Date ? value.toISOString() : value);
    return `$${params.length}::${CASTS[type]}`;
  };

  const bindArray = (values: Scalar[], type: FieldType): string => {
    params.push(values.map((value) => (value instanceof Date ? value.toISOString() : value)));
    return `$${params.length}::${CASTS[type]}[]`;
  };

  const positive = (expr: string, type: FieldType, condition: Condition): string => {
    switch (condition.test) {
      case 'null':
        return `${expr} IS NULL`;
      case 'eq':
        return `${expr} = ${bind(condition.value, type)}`;
      case 'gt':
      case 'gte':
      case 'lt':
      case 'lte':
        // byte-wise (code point) order: independent of the database's locale, and the order the
        // in-memory predicate implements
        return `${type === 'string' ? `${expr} COLLATE "C"` : expr} ${OPERATORS[condition.test]} ${bind(condition.value, type)}`;
      case 'in': {
        // one array parameter, however many values: a thousand `$n` make a thousand plan nodes
        const among = `${expr} = ANY(${bindArray(condition.values, type)})`;
        return condition.orNull ? `(${among} OR ${expr} IS NULL)` : among;
      }
      case 'contains':
      case 'startswith':
      case 'endswith':
        // under the "C" collation ILIKE folds ASCII letters only, whatever the database's locale
        return `${expr} ILIKE ${bind(likePattern(condition.test, condition.text), type)} COLLATE "C"`;
    }
  };

  const sqlOf = (def: FieldDef) => (/^[a-z_][a-z0-9_]*(\.[a-z_][a-z0-9_]*)?$/i.test(def.sql) ? def.sql : `(${def.sql})`);

  /** `SELECT <id> FROM <target> WHERE …` of a lookup: the related rows that count and pass `test`, if given. */
  const lookedUp = (lookup: FieldLookup, test?: string): string => {
    const where = [lookup.where, test].filter(Boolean).join(' AND ');
    return `SELECT ${lookup.id} FROM ${lookup.target}${where ? ` WHERE ${where}` : ''}`;
  };

  /** Whether any related row passes `test` (or, negated, none does). */
  const relationTest = (relation: FieldRelation, test: string, negated: boolean): string => {
    // Not EXISTS: PostgreSQL turns each top-level EXISTS into a semi-join, and planning many
    // of them grows steeply (in PGlite 60 and-ed tag comparisons took 0.6 s to plan, 500 took
    // minutes). An uncorrelated IN, kept out of join planning by IS TRUE, becomes a hashed
    // subplan run once per query.
    const { key, link, from, ids } = relation;
    if (ids && options.relations !== 'set') {
      // The function, not the `&&` operator: the planner puts `&&` against an array it cannot
      // see at 1 % of rows, and then sorts the whole table for a page it could read in index
      // order (118 ms instead of 1.2 ms for a tag and an author at 100k posts). A function call
      // it puts at a third.
      const overlap = `arrayoverlap(${ids.column}, ARRAY(SELECT ${ids.id} FROM ${ids.target} WHERE ${test}))`;
      return negated ? `NOT ${overlap}` : overlap;
    }
    return `(${key} IN (SELECT ${link} FROM ${from} WHERE ${test})) IS ${negated ? 'NOT ' : ''}TRUE`;
  };

  const comparison = (def: FieldDef, condition: Condition, negated: boolean): string => {
    const expr = sqlOf(def);
    if (def.lookup !== undefined) {
      // IS [NOT] TRUE: the key is null, or not among them, for a row with no value
      const { key } = def.lookup;
      const none = `(${key} IN (${lookedUp(def.lookup)})) IS NOT TRUE`;
      // `:null` asks that no related row counts, `:-null` that one does
      if (condition.test === 'null') return negated ? `(${key} IN (${lookedUp(def.lookup)})) IS TRUE` : none;
      // a negation needs a related row that counts and fails the test, as SQL's NOT on a joined column
      const test = positive(expr, def.type, condition.test === 'in' ? { ...condition, orNull: false } : condition);
      const has = `(${key} IN (${lookedUp(def.lookup, negated ? `NOT (${test})` : test)})) IS TRUE`;
      return condition.test === 'in' && condition.orNull && !negated ? `(${has} OR ${none})` : has;
    }
    if (def.relation !== undefined) return relationTest(def.relation, positive(expr, def.type, condition), negated);
    if (negated && condition.test === 'null') return `${expr} IS NOT NULL`;
    // SQL's NOT: null where the value is null, so such rows are not matched (reference-behaviour §8)
    const test = positive(expr, def.type, condition);
    return negated ? `NOT (${test})` : test;
  };

  const resolve = (node: NqlComparison) => {
    const def = lookupProperty(fields, node.property);
    return { def, ...resolveComparison(node, def.type, now) };
  };

  /** A positive comparison on a to-many relation takes part in same-row grouping (same-row.ts). */
  const termOf = (node: NqlNode): RelationTerm | null => {
    if (node.type !== 'cmp') return null;
    const { def, negated } = resolve(node);
    if (def.relation === undefined || negated) return null;
    return { relation: `${def.relation.key} ${def.relation.from}`, column: def.sql, range: RANGE_OPS.has(node.op) };
  };

  /** Comparisons on one relation that one related row must pass together. */
  const sameRow = (nodes: NqlNode[]): string => {
    const tests = nodes.map((node) => {
      const { def, condition } = resolve(node as NqlComparison);
      return positive(sqlOf(def), def.type, condition);
    });
    return relationTest(resolve(nodes[0] as NqlComparison).def.relation!, tests.join(' AND '), false);
  };

  /**
   * The terms of an OR group: positive comparisons on one relation become one test of its rows ("a
   * row passes x" or "a row passes y" is "a row passes x or y"), and their equalities on one column
   * one `= ANY` of all their values. `tag:a,tag:b,…` is then one subquery with one parameter, not one
   * subplan per term: cheap to plan whatever its length.
   */
  const anyOf = (nodes: NqlNode[]): string[] => {
    const parts: string[] = [];
    const byRelation = new Map<string, { relation: FieldRelation; slot: number; equal: Map<string, { def: FieldDef; values: Scalar[] }>; other: string[] }>();
    for (const node of nodes) {
      const resolved = node.type === 'cmp' ? resolve(node) : null;
      if (resolved === null || resolved.def.relation === undefined || resolved.negated) {
        parts.push(compile(node));
        continue;
      }
      const { def, condition } = resolved;
      const relation = def.relation!;
      const name = `${relation.key} ${relation.from}`;
      let bucket = byRelation.get(name);
      if (bucket === undefined) {
        bucket = { relation, slot: parts.length, equal: new Map(), other: [] };
        byRelation.set(name, bucket);
        parts.push('');
      }
      const values = condition.test === 'eq' ? [condition.value] : condition.test === 'in' && !condition.orNull ? condition.values : null;
      if (values === null) {
        bucket.other.push(positive(sqlOf(def), def.type, condition));
        continue;
      }
      const column = bucket.equal.get(def.sql) ?? { def, values: [] };
      column.values.push(...values);
      bucket.equal.set(def.sql, column);
    }
    for (const bucket of byRelation.values()) {
      const equal = [...bucket.equal.values()].map(({ def, values }) => positive(sqlOf(def), def.type, { test: 'in', values, orNull: false }));
      const tests = [...equal, ...bucket.other];
      parts[bucket.slot] = relationTest(bucket.relation, tests.length === 1 ? tests[0] : `(${tests.join(' OR ')})`, false);
    }
    return parts;
  };

  const compile = (node: NqlNode): string => {
    if (node.type === 'cmp') {
      const { def, condition, negated } = resolve(node);
      return comparison(def, condition, negated);
    }
    // the parser never builds empty groups, but trees edited by callers may
    if (node.nodes.length === 0) return node.type === 'and' ? 'TRUE' : 'FALSE';
    if (node.type === 'or') return `(${anyOf(node.nodes).join(' OR ')})`;
    const units = sameRowUnits(node.nodes, termOf).map((unit) => (unit.length === 1 ? compile(unit[0]) : sameRow(unit)));
    return units.length === 1 ? units[0] : `(${units.join(' AND ')})`;
  };

  const links = (node: NqlComparison): RelationLinks => {
    const def = lookupProperty(fields, node.property);
    const { condition, negated } = resolveComparison(node, def.type, now);
    if (!asksForRelatedRow(def, condition, negated)) throw new Error(`${node.property}: not a comparison that requires a related row`);
    const test = positive(sqlOf(def), def.type, condition);
    if (def.lookup) return { key: def.lookup.key, links: lookedUp(def.lookup, test), perOuterRow: false };
    const { key, link, from } = def.relation!;
    return { key, links: `SELECT ${link} FROM ${from} WHERE ${test}`, perOuterRow: true };
  };

  return { compile, links };
}

const OPERATORS = { gt: '>', gte: '>=', lt: '<', lte: '<=' } as const;

function likePattern(test: 'contains' | 'startswith' | 'endswith', text: string): string {
  const escaped = text.replace(/[\\%_]/g, '\\$&');
  return `${test === 'startswith' ? '' : '%'}${escaped}${test === 'endswith' ? '' : '%'}`;
}
