// The tree produced by parseFilter. Shape invariants, relied on by the compilers and by tests:
// - 'and' / 'or' nodes have at least two children and are flattened: an 'and' never has an 'and'
//   child (`(a+b)+c` and `a+(b+c)` both give and[a, b, c]); parentheses leave no trace otherwise.
// - `property` is lower-cased and not yet alias-resolved (the field maps do that).
// - In-groups (`[a,b]`, `-[a,b]`) carry text values and the keywords `null`, `true`, `false`
//   (`featured:[true,false]`); relative dates are not allowed inside brackets.
// - `[a+b]` leaves no in-group: it is an 'and' of one comparison per value (`tag:a+tag:b`).

export type NqlNode = NqlAnd | NqlOr | NqlComparison;

export interface NqlAnd {
  type: 'and';
  nodes: NqlNode[];
}

export interface NqlOr {
  type: 'or';
  nodes: NqlNode[];
}

/** `:x` eq, `:-x` ne, `:>x` gt, `:>=x` gte, `:<x` lt, `:<=x` lte, `:~x` contains, `:-~x` ncontains, `:~^x` startswith, `:~$x` endswith. */
export type NqlScalarOp = 'eq' | 'ne' | 'gt' | 'gte' | 'lt' | 'lte' | 'contains' | 'ncontains' | 'startswith' | 'endswith';

/** `:[a,b]` in, `:-[a,b]` nin. */
export type NqlListOp = 'in' | 'nin';

export type NqlOp = NqlScalarOp | NqlListOp;

export type NqlComparison = NqlScalarComparison | NqlListComparison;

export interface NqlScalarComparison {
  type: 'cmp';
  property: string;
  op: NqlScalarOp;
  value: NqlValue;
}

export interface NqlListComparison {
  type: 'cmp';
  property: string;
  op: NqlListOp;
  value: NqlList;
}

/** An unsigned integer written without quotes; `raw` keeps leading zeros so `slug:007` can still mean '007'. */
export interface NqlNumber {
  kind: 'number';
  value: number;
  raw: string;
}

/** A single-quoted string, escapes removed. */
export interface NqlString {
  kind: 'string';
  value: string;
}

/** An unquoted word that is not a keyword, integer or relative date, escapes removed. */
export interface NqlLiteral {
  kind: 'literal';
  value: string;
}

export type NqlText = NqlNumber | NqlString | NqlLiteral;

export interface NqlNull {
  kind: 'null';
}

export interface NqlBool {
  kind: 'bool';
  value: boolean;
}

/** `M` is months and `m` minutes. */
export type NqlDateUnit = 'y' | 'M' | 'w' | 'd' | 'h' | 'm' | 's';

/** `now-30d`: resolved against an injected clock by the compilers, never by the database. */
export interface NqlRelativeDate {
  kind: 'relative-date';
  sign: '+' | '-';
  amount: number;
  unit: NqlDateUnit;
}

export type NqlValue = NqlText | NqlNull | NqlBool | NqlRelativeDate;

/** What an in-group may hold. */
export type NqlListItem = NqlText | NqlNull | NqlBool;

export interface NqlList {
  kind: 'list';
  items: NqlListItem[];
}

/**
 * Tells in-groups from other comparisons. Prefer it to testing `op`: TypeScript does not narrow
 * the union on `op !== 'in' && op !== 'nin'`, because each member's `op` is itself a union.
 */
export function isInGroup(node: NqlComparison): node is NqlListComparison {
  return node.op === 'in' || node.op === 'nin';
}

/** Whether a value is text (a number, a quoted string or a word), not null, a boolean or a relative date. */
export function isText(value: NqlValue): value is NqlText {
  return value.kind === 'number' || value.kind === 'string' || value.kind === 'literal';
}

/** The text a user typed for a text value: numbers keep their original digits. */
export function textOf(value: NqlText): string {
  return value.kind === 'number' ? value.raw : value.value;
}
