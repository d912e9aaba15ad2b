// Post-processors for grammar/nql.ne. They live here, typed, so the generated grammar holds
// only one-line calls. Nearley may share sub-results between candidate parses, so nothing here
// mutates its inputs.
import type {
  NqlBool,
  NqlDateUnit,
  NqlList,
  NqlListItem,
  NqlListOp,
  NqlLiteral,
  NqlNode,
  NqlNull,
  NqlNumber,
  NqlRelativeDate,
  NqlScalarOp,
  NqlString,
  NqlValue,
} from './ast';
import { inGroupItems } from './lexer';

interface Tok {
  value: string;
  text: string;
}

// nearley hands each postprocessor the matched symbols untyped; each function below names what it reads
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Data = any[];

function combine(type: 'and' | 'or', first: NqlNode, rest: Array<[Tok, NqlNode]>): NqlNode {
  if (rest.length === 0) return first;
  const nodes: NqlNode[] = [];
  for (const node of [first, ...rest.map((pair) => pair[1])]) {
    if (node.type === type) nodes.push(...node.nodes);
    else nodes.push(node);
  }
  return { type, nodes } as NqlNode;
}

export const or = (d: Data): NqlNode => combine('or', d[0], d[1]);
export const and = (d: Data): NqlNode => combine('and', d[0], d[1]);
export const group = (d: Data): NqlNode => d[1];

type Rhs = { op: NqlScalarOp; value: NqlValue } | { op: NqlListOp; value: NqlList };

export const comparison = (d: Data): NqlNode => {
  const rhs = d[2] as Rhs;
  return { type: 'cmp', property: (d[0] as Tok).value, op: rhs.op, value: rhs.value } as NqlNode;
};

/** `[op-token] value`: the value is always the last symbol. */
export const scalar =
  (op: NqlScalarOp) =>
  (d: Data): Rhs => ({ op, value: d[d.length - 1] });

/** `[-] '[' items ']'`. */
export const list =
  (op: NqlListOp) =>
  (d: Data): Rhs => ({ op, value: { kind: 'list', items: d[d.length - 2] } });

/** A whole in-group lexed as one token (lexer.ts): its items as the item-by-item rules build them. */
export const inGroup =
  (op: NqlListOp) =>
  (d: Data): Rhs => {
    const items = inGroupItems((d[d.length - 1] as Tok).text).map(({ type, value }): NqlListItem => {
      switch (type) {
        case 'integer':
          return { kind: 'number', value: Number(value), raw: value };
        case 'string':
          return { kind: 'string', value };
        case 'nullkw':
          return { kind: 'null' };
        case 'truekw':
        case 'falsekw':
          return { kind: 'bool', value: type === 'truekw' };
        default:
          return { kind: 'literal', value };
      }
    });
    return { op, value: { kind: 'list', items } };
  };

/** `'[' item ('+' item)+ ']'`: the items, at least two. */
export const allOf = (d: Data): NqlListItem[] => [d[1], ...(d[2] as Array<[Tok, NqlListItem]>).map((pair) => pair[1])];

/** `prop ':' [-] allOf`: one comparison per item, all of them required (an 'and' that `and` flattens into its group). */
export const eachOf =
  (op: 'eq' | 'ne') =>
  (d: Data): NqlNode => {
    const property = (d[0] as Tok).value;
    const values = d[d.length - 1] as NqlListItem[];
    return { type: 'and', nodes: values.map((value) => ({ type: 'cmp', property, op, value })) };
  };

export const items = (d: Data): NqlListItem[] => [d[0], ...(d[1] as Array<[Tok, NqlListItem]>).map((pair) => pair[1])];

export const integer = (d: Data): NqlNumber => {
  const raw = (d[0] as Tok).value;
  return { kind: 'number', value: Number(raw), raw };
};

export const literal = (d: Data): NqlLiteral => ({ kind: 'literal', value: (d[0] as Tok).value });
export const quoted = (d: Data): NqlString => ({ kind: 'string', value: (d[0] as Tok).value });
export const nullValue = (): NqlNull => ({ kind: 'null' });
export const trueValue = (): NqlBool => ({ kind: 'bool', value: true });
export const falseValue = (): NqlBool => ({ kind: 'bool', value: false });

export const relativeDate = (d: Data): NqlRelativeDate => {
  const text = (d[0] as Tok).value;
  const sign = text[3] as '+' | '-';
  return {
    kind: 'relative-date',
    sign,
    amount: Number(text.slice(4, -1)),
    unit: text[text.length - 1] as NqlDateUnit,
  };
};
