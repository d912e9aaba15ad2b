import type { NqlNode } from './ast';

// Which comparisons of one AND group must hold for the same related row (reference-behaviour §8),
// shared by both backends so that they cannot disagree:
// - positive comparisons on one to-many relation share a row (`tags.slug:news+tags.visibility:internal`
//   needs one tag that is both), and so do range comparisons on one column (`tags.slug:>d+tags.slug:<e`
//   needs one tag in that range);
// - another comparison on a column the shared row already tests, other than range after range, gets
//   a row of its own: `tag:a+tag:b` is "has a and has b", as no tag is both;
// - negated comparisons ("no related row passes") always stand alone.
// This is the reference's grouping, in its order: the first comparison on a relation opens its
// shared row, later ones join it or stand alone.

/** How a comparison takes part in the grouping; null for anything that is not a positive relation test. */
export interface RelationTerm {
  /** Identifies the relation: comparisons with equal `relation` may share a row. */
  relation: string;
  /** Identifies the related row's column the comparison tests. */
  column: string;
  /** gt, gte, lt or lte: ranges on one column share a row. */
  range: boolean;
}

/** The terms of an AND group in units: each unit is one term or terms that must share a related row. */
export function sameRowUnits(nodes: readonly NqlNode[], termOf: (node: NqlNode) => RelationTerm | null): NqlNode[][] {
  const units: NqlNode[][] = [];
  const shared = new Map<string, { unit: NqlNode[]; terms: RelationTerm[] }>();
  for (const node of nodes) {
    const term = termOf(node);
    if (term === null) {
      units.push([node]);
      continue;
    }
    const row = shared.get(term.relation);
    if (row === undefined) {
      const unit = [node];
      shared.set(term.relation, { unit, terms: [term] });
      units.push(unit);
    } else if (row.terms.some((other) => other.column === term.column && !(other.range && term.range))) {
      units.push([node]);
    } else {
      row.unit.push(node);
      row.terms.push(term);
    }
  }
  return units;
}

export const RANGE_OPS: ReadonlySet<string> = new Set(['gt', 'gte', 'lt', 'lte']);
