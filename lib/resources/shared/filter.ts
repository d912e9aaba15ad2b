import { inGroupOrder, parseFilter, type NqlNode } from '../../nql';
import { single } from '../../http/query';

/** The parsed `filter` parameter; syntax errors surface as 400s where errors become envelopes. */
export function filterParam(query: URLSearchParams): NqlNode | null {
  const raw = single(query, 'filter');
  if (raw === null || raw.trim() === '') return null;
  return parseFilter(raw);
}

/**
 * The Content API shows published records only, so a user's `status:` clause is overridden
 * (reference-behaviour §4): every comparison on status is dropped from the filter.
 */
export function withoutStatus(node: NqlNode): NqlNode | null {
  if (node.type === 'cmp') return node.property === 'status' ? null : node;
  const nodes = node.nodes.map(withoutStatus).filter((n): n is NqlNode => n !== null);
  if (nodes.length === 0) return null;
  return nodes.length === 1 ? nodes[0] : { ...node, nodes };
}

export function slugOrderOf(filter: NqlNode | null): string[] | null {
  return filter ? inGroupOrder(filter, 'slug') : null;
}
