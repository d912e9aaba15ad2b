// Terse constructors for expected trees.
import type { NqlDateUnit, NqlListItem, NqlNode, NqlOp, NqlText, NqlValue } from '../../../lib/nql';

export const lit = (value: string): NqlValue & NqlText => ({ kind: 'literal', value });
export const str = (value: string): NqlValue & NqlText => ({ kind: 'string', value });
export const num = (raw: string): NqlValue & NqlText => ({ kind: 'number', value: Number(raw), raw });
export const nul: NqlValue & NqlListItem = { kind: 'null' };
export const bool = (value: boolean): NqlValue & NqlListItem => ({ kind: 'bool', value });
export const rel = (sign: '+' | '-', amount: number, unit: NqlDateUnit): NqlValue => ({ kind: 'relative-date', sign, amount, unit });

export function cmp(property: string, op: NqlOp, value: NqlValue | NqlListItem[]): NqlNode {
  if (Array.isArray(value)) return { type: 'cmp', property, op: op as 'in' | 'nin', value: { kind: 'list', items: value } };
  return { type: 'cmp', property, op: op as 'eq', value };
}

export const and = (...nodes: NqlNode[]): NqlNode => ({ type: 'and', nodes });
export const or = (...nodes: NqlNode[]): NqlNode => ({ type: 'or', nodes });
export const eq = (property: string, value: NqlValue): NqlNode => cmp(property, 'eq', value);
