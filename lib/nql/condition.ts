import { isText, textOf, type NqlComparison, type NqlListItem, type NqlText, type NqlValue } from './ast';
import { parseDateText, resolveRelativeDate } from './dates';
import { NqlValueError } from './errors';
import type { FieldType } from './fields';

// The single place where a comparison gets its meaning for a property type. Both backends
// (to-sql, to-predicate) implement exactly these positive tests, and negation follows the
// reference's SQL (reference-behaviour §8):
// - on a plain column it is SQL's NOT: `ne`, `nin` and `-~` never hold where the value is null
//   (only `:-null` asks for a value);
// - on a to-one lookup (`primary_tag`) likewise: it holds when a related row counts and fails the
//   positive test, so a post without a public first tag matches neither `primary_tag:x` nor `:-x`;
// - on a to-many relation it holds when no related row passes the positive test.

export type Scalar = string | number | boolean | Date;

export type Condition =
  | { test: 'null' }
  | { test: 'eq' | 'gt' | 'gte' | 'lt' | 'lte'; value: Scalar }
  /** `orNull`: the in-group also named `null`, which matches where the value is null. */
  | { test: 'in'; values: Scalar[]; orNull: boolean }
  | { test: 'contains' | 'startswith' | 'endswith'; text: string };

export interface ResolvedComparison {
  condition: Condition;
  negated: boolean;
}

export function resolveComparison(cmp: NqlComparison, type: FieldType, now: Date): ResolvedComparison {
  const fail = (problem: string): never => {
    throw new NqlValueError(cmp.property, problem);
  };
  switch (cmp.op) {
    case 'in':
    case 'nin': {
      const items = cmp.value.items;
      const values = items.filter((item): item is Exclude<NqlListItem, { kind: 'null' }> => item.kind !== 'null');
      const orNull = values.length < items.length;
      return {
        condition: values.length === 0 ? { test: 'null' } : { test: 'in', values: values.map((item) => scalarOf(item, type, now, fail)), orNull },
        negated: cmp.op === 'nin',
      };
    }
    case 'contains':
    case 'ncontains':
    case 'startswith':
    case 'endswith':
      if (type !== 'string') fail(`'~' needs a text property`);
      if (!isText(cmp.value)) fail(`'~' needs a text value`);
      return {
        condition: { test: cmp.op === 'ncontains' ? 'contains' : cmp.op, text: textOf(cmp.value as NqlText) },
        negated: cmp.op === 'ncontains',
      };
    case 'eq':
    case 'ne':
      return {
        condition: cmp.value.kind === 'null' ? { test: 'null' } : { test: 'eq', value: scalarOf(cmp.value, type, now, fail) },
        negated: cmp.op === 'ne',
      };
    default:
      if (type === 'boolean') fail(`'${cmp.op}' is not allowed on a boolean`);
      if (cmp.value.kind === 'null') return fail(`'${cmp.op}' cannot compare with null`);
      return { condition: { test: cmp.op, value: scalarOf(cmp.value, type, now, fail) }, negated: false };
  }
}

function scalarOf(value: Exclude<NqlValue, { kind: 'null' }>, type: FieldType, now: Date, fail: (problem: string) => never): Scalar {
  switch (type) {
    case 'string':
      // `slug:007` compares the text the user typed; `slug:true` means the word
      if (value.kind === 'bool') return String(value.value);
      if (value.kind === 'relative-date') return fail('a relative date is not text');
      return textOf(value);
    case 'number': {
      // integers only, so JavaScript and SQL compare them exactly
      const text = value.kind === 'number' || value.kind === 'string' || value.kind === 'literal' ? textOf(value) : '';
      const number = /^-?\d+$/.test(text) ? Number(text) : Number.NaN;
      return Number.isSafeInteger(number) ? number : fail(`'${display(value)}' is not an integer`);
    }
    case 'boolean':
      return value.kind === 'bool' ? value.value : fail(`'${display(value)}' is not true or false`);
    case 'date': {
      const date =
        value.kind === 'relative-date'
          ? resolveRelativeDate(value, now)
          : value.kind === 'string' || value.kind === 'literal'
            ? parseDateText(value.value)
            : null;
      return date ?? fail(`'${display(value)}' is not a date`);
    }
  }
}

function display(value: Exclude<NqlValue, { kind: 'null' }>): string {
  if (value.kind === 'relative-date') return `now${value.sign}${value.amount}${value.unit}`;
  if (value.kind === 'bool') return String(value.value);
  const text = textOf(value);
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}
