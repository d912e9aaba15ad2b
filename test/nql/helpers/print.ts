// Prints a tree back to NQL so that generated trees can be parsed again: parse(print(ast))
// must give back the same tree.
import { isInGroup, type NqlComparison, type NqlNode, type NqlValue } from '../../../lib/nql';

const SYMBOLS: Record<string, string> = {
  eq: '',
  ne: '-',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  contains: '~',
  ncontains: '-~',
  startswith: '~^',
  endswith: '~$',
};

export function printFilter(node: NqlNode, space = ''): string {
  if (node.type === 'cmp') return printComparison(node, space);
  const joiner = node.type === 'and' ? `${space}+${space}` : `${space},${space}`;
  return node.nodes.map((child) => (child.type === 'cmp' ? printFilter(child, space) : `(${printFilter(child, space)})`)).join(joiner);
}

function printComparison(node: NqlComparison, space: string): string {
  if (isInGroup(node)) {
    const items = node.value.items.map(printValue).join(`${space},${space}`);
    return `${node.property}:${node.op === 'nin' ? '-' : ''}[${items}]`;
  }
  return `${node.property}:${SYMBOLS[node.op]}${printValue(node.value)}`;
}

export function printValue(value: NqlValue): string {
  switch (value.kind) {
    case 'null':
      return 'null';
    case 'bool':
      return String(value.value);
    case 'number':
      return value.raw;
    case 'relative-date':
      return `now${value.sign}${value.amount}${value.unit}`;
    case 'string':
      return `'${value.value.replace(/['\\]/g, '\\$&')}'`;
    case 'literal':
      return printLiteral(value.value);
  }
}

function printLiteral(text: string): string {
  let out = text.replace(/[\s'"+,()><=[\]\\]/g, '\\$&');
  // a leading operator character, or a word that would lex as something else, gets its first
  // character escaped: escapes always make a literal
  const lexesOtherwise = /^(\d+|now[+-]\d+[yMwdhms])$/.test(out) || /^(null|true|false)$/i.test(out);
  if (/^[-~]/.test(out) || lexesOtherwise) out = `\\${out}`;
  return out;
}
