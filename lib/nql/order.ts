import { textOf, type NqlListComparison, type NqlNode } from './ast';

/**
 * The values of the in-group on `property` when the filter is that in-group or an 'and' with
 * exactly one such in-group among its direct terms (`slug:[c,a,b]+featured:true`), else null.
 * Lets `filter=slug:[c,a,b]` without `order` return records in the order asked for.
 * `property` is compared lower-cased and without alias resolution, as it appears in the tree.
 */
export function inGroupOrder(ast: NqlNode, property: string): string[] | null {
  const name = property.toLowerCase();
  const terms = ast.type === 'and' ? ast.nodes : [ast];
  const groups = terms.filter((node): node is NqlListComparison => node.type === 'cmp' && node.op === 'in' && node.property === name);
  if (groups.length !== 1) return null;
  // as a text property reads them: `true` is the word, `null` names no slug
  return groups[0].value.items.flatMap((item) => (item.kind === 'null' ? [] : item.kind === 'bool' ? [String(item.value)] : [textOf(item)]));
}
