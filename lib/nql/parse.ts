import nearley from 'nearley';
import type { NqlNode } from './ast';
import { NqlLimitError, NqlSyntaxError } from './errors';
import grammar from './grammar';
import { ERROR_TOKEN, inGroupItems, lexer } from './lexer';

/** Longest accepted filter, in UTF-16 code units (8 KB of ASCII). */
export const NQL_MAX_LENGTH = 8192;
/** Deepest accepted nesting of parentheses; checked before parsing so no input can exhaust a stack. */
export const NQL_MAX_DEPTH = 100;

/** Most comparisons in one filter: each may be a subquery to plan (reference-behaviour §8). */
export const NQL_MAX_TERMS = 100;
/** Most values in all the in-groups of one filter. */
export const NQL_MAX_VALUES = 1000;

const compiled = nearley.Grammar.fromCompiled(grammar);

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const INVALID_CHARACTER = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Parses an NQL filter into its tree; every failure is an NqlSyntaxError. */
export function parseFilter(input: string): NqlNode {
  precheck(input);
  checkBudget(input);
  const parser = new nearley.Parser(compiled);
  try {
    parser.feed(input);
  } catch (error) {
    const token = (error as { token?: Token }).token;
    if (token === undefined) throw error;
    throw unexpectedToken(token, expectedAt(parser, lastColumn(parser) - 1));
  }
  const results = parser.results;
  if (results.length === 0) {
    const expected = expectedAt(parser, lastColumn(parser));
    throw new NqlSyntaxError(`Query Error: unexpected end of filter at ${input.length}, expected ${expected}`, input.length, expected);
  }
  if (results.length > 1) {
    throw new Error(`internal error: the NQL grammar is ambiguous (${results.length} parses)`);
  }
  return results[0] as NqlNode;
}

// A filter's cost to plan grows with its comparisons (a relation's is a subquery), and the database
// may run on the service's own thread; parsing itself takes ~0.1 ms per comparison. So the budget is
// counted on the lexer's tokens, which is linear and cheap, before the parser sees the filter: each
// comparison has one ':', each in-group value is one item of an in-group token or one token between brackets. Input the lexer cannot
// read is left to the parser, which says where.
function checkBudget(input: string): void {
  let terms = 0;
  let values = 0;
  let inGroup = false;
  lexer.reset(input);
  for (let token = lexer.next(); token !== undefined; token = lexer.next()) {
    if (token.type === ERROR_TOKEN) return;
    if (token.type === 'colon') terms++;
    else if (token.type === 'ingroup') values += inGroupItems(token.text).length;
    else if (token.type === 'lbracket') inGroup = true;
    else if (token.type === 'rbracket') inGroup = false;
    // `[a+b]` is a comparison per value
    else if (token.type === 'allsep') terms++;
    else if (inGroup && token.type !== 'sep') values++;
    if (terms > NQL_MAX_TERMS) {
      throw new NqlLimitError(`the filter has more than ${NQL_MAX_TERMS} comparisons; at most ${NQL_MAX_TERMS} are allowed`, NQL_MAX_TERMS);
    }
    if (values > NQL_MAX_VALUES) {
      throw new NqlLimitError(`the filter's in-groups hold more than ${NQL_MAX_VALUES} values; at most ${NQL_MAX_VALUES} are allowed`, NQL_MAX_VALUES);
    }
  }
}

function syntaxError(problem: string, offset: number, expected: string): NqlSyntaxError {
  return new NqlSyntaxError(`Query Error: ${problem} at ${offset}, expected ${expected}`, offset, expected);
}

// Rejects what the grammar cannot express or should not be asked to: the database cannot store
// NUL, unpaired surrogates would be altered on their way to it, and nesting is bounded here so
// that neither the parser nor the compilers recurse without limit.
function precheck(input: string): void {
  if (input.length > NQL_MAX_LENGTH) {
    throw syntaxError(`filter longer than ${NQL_MAX_LENGTH} characters`, NQL_MAX_LENGTH, 'a shorter filter');
  }
  const bad = INVALID_CHARACTER.exec(input);
  if (bad !== null) {
    throw syntaxError(`unexpected character ${show(bad[0])}`, bad.index, 'a valid character');
  }
  let depth = 0;
  let quoted = false;
  for (let i = 0; i < input.length; i++) {
    const c = input[i];
    if (c === '\\') i++;
    else if (c === "'") quoted = !quoted;
    else if (!quoted && c === '(') {
      depth++;
      if (depth > NQL_MAX_DEPTH) {
        throw syntaxError(`more than ${NQL_MAX_DEPTH} nested parentheses`, i, 'less nesting');
      }
    } else if (!quoted && c === ')') depth--;
  }
  if (input.trim() === '') {
    throw syntaxError('empty filter', 0, "a property or '('");
  }
}

const UNTERMINATED = /^'(?:[^'\\]|\\[^])*$/;

interface Token {
  type?: string;
  text: string;
  offset: number;
}

function unexpectedToken(token: Token, expected: string): NqlSyntaxError {
  if (token.type === ERROR_TOKEN && UNTERMINATED.test(token.text) && expected.includes('a value')) {
    return syntaxError('unterminated string', token.offset, 'a closing quote');
  }
  const text = token.type === ERROR_TOKEN ? [...token.text][0] : token.text;
  const what = [...text].length === 1 ? `character ${show(text)}` : show(text.length > 40 ? `${text.slice(0, 40)}…` : text);
  return syntaxError(`unexpected ${what}`, token.offset, expected);
}

function show(text: string): string {
  const escape = (c: string) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
  return `'${text.replace(/[\u0000-\u001f\u007f]/g, escape).replace(LONE_SURROGATE, escape)}'`;
}

// nearley's parse table is not in its type declarations; its columns hold the Earley states,
// and a state whose next symbol is a token type tells what the parser could have accepted.
interface EarleyState {
  rule: { name: string; symbols: unknown[] };
  dot: number;
  reference: number;
  isComplete: boolean;
}
interface ParseTable {
  table: Array<{ states: EarleyState[] }>;
}

function lastColumn(parser: nearley.Parser): number {
  return (parser as unknown as ParseTable).table.length - 1;
}

const DESCRIPTIONS: ReadonlyArray<[types: readonly string[], description: string]> = [
  [['prop'], 'a property'],
  [['lparen'], "'('"],
  [['colon'], "':' after the property"],
  [
    [
      'not',
      'ncontains',
      'contains',
      'startswith',
      'endswith',
      'gt',
      'gte',
      'lt',
      'lte',
      'ingroup',
      'lbracket',
      'integer',
      'literal',
      'string',
      'reldate',
      'nullkw',
      'truekw',
      'falsekw',
    ],
    'a value',
  ],
  [['sep'], "','"],
  [['allsep'], "'+'"],
  [['rbracket'], "']'"],
  [['and'], "'+'"],
  [['or'], "','"],
  [['rparen'], "')'"],
];

function expectedAt(parser: nearley.Parser, column: number): string {
  const states = (parser as unknown as ParseTable).table[column]?.states ?? [];
  const types = new Set<string>();
  for (const state of states) {
    const next = state.rule.symbols[state.dot];
    if (typeof next === 'object' && next !== null && 'type' in next) types.add(String(next.type));
  }
  const parts = DESCRIPTIONS.filter(([names]) => names.some((name) => types.has(name))).map(([, d]) => d);
  const done = states.some((s) => s.isComplete && s.reference === 0 && s.rule.name === compiled.start);
  if (done) parts.push('the end of the filter');
  if (parts.length === 0) return 'nothing more';
  return parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} or ${parts[parts.length - 1]}`;
}
