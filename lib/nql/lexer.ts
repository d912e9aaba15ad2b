import moo from 'moo';

// The lexer is stateful so that one piece of text can mean different things by position:
// `a` is a property before ':' and a literal after it, ',' is "or" between comparisons but a
// separator inside brackets. The states mirror the grammar, so lexer errors surface exactly
// where the parser would fail and the parser's expectations describe them.
//
//   expr --prop--> colon --':'--> value --word/string/reldate--> after --'+'/','--> expr
//                                   `--'['--> item --word/string--> itemEnd --','/'+'--> item
//                                                                          `--']'--> after

// A literal is a run of characters other than whitespace and '"+,()><=[]\ ; a backslash
// escapes any one character. It cannot start with '-' or '~' (those are operators there).
const LITERAL = /(?:[^\s'"+,()><=[\]\\~-]|\\[^])(?:[^\s'"+,()><=[\]\\]|\\[^])*/;
const STRING = /'(?:[^'\\]|\\[^])*'/;
// Only a whole word counts as a relative date, so `now-1dx` stays a literal; '+' needs this
// rule because it would otherwise end a literal.
const RELATIVE_DATE = /now[+-]\d+[yMwdhms](?![^\s'"+,()><=[\]])/;

const unescape = (text: string): string => text.replace(/\\([^])/g, '$1');

// A whole well-formed in-group of plain items (`[a, 'b c', 3]`) as one token: the parser then takes
// a thousand values as one step instead of two thousand tokens (~25 ms). Anything else in brackets
// (a relative date, a stray bracket, a missing item) does not match and is lexed item by item, so
// the parser reports it where it is.
const ITEM = `(?:${STRING.source}|(?!${RELATIVE_DATE.source})${LITERAL.source})`;
const IN_GROUP = new RegExp(`\\[\\s*${ITEM}(?:\\s*,\\s*${ITEM})*\\s*\\]`);
const IN_GROUP_ITEM = new RegExp(`${STRING.source}|${LITERAL.source}`, 'g');

/** The items of an in-group token: [type, value] as the item-by-item rules would have lexed them. */
export function inGroupItems(text: string): Array<{ type: string; value: string }> {
  return [...text.slice(1, -1).matchAll(IN_GROUP_ITEM)].map(([item]) =>
    item.startsWith("'") ? { type: 'string', value: unescape(item.slice(1, -1)) } : { type: classifyWord(item), value: unescape(item) },
  );
}

// Token types avoid the bare words: nearley declares a variable per token type.
const KEYWORDS: Readonly<Record<string, string>> = { null: 'nullkw', true: 'truekw', false: 'falsekw' };

// Words are classified after matching, so `123-text` is one literal and never 123 + junk.
// Keywords are case-insensitive (`featured:TRUE`, `custom_excerpt:NULL`), as in the reference.
function classifyWord(text: string): string {
  if (/^\d+$/.test(text)) return 'integer';
  const word = text.toLowerCase();
  return Object.hasOwn(KEYWORDS, word) ? KEYWORDS[word] : 'literal';
}

const ws = { match: /\s+/, lineBreaks: true };
const word = (next: string): moo.Rule => ({
  match: LITERAL,
  lineBreaks: true,
  type: classifyWord,
  value: unescape,
  next,
});
const string = (next: string): moo.Rule => ({
  match: STRING,
  lineBreaks: true,
  value: (text) => unescape(text.slice(1, -1)),
  next,
});

const base = moo.states(
  {
    expr: {
      ws,
      lparen: '(',
      prop: { match: /[a-zA-Z_][a-zA-Z0-9_.]*/, value: (text) => text.toLowerCase(), next: 'colon' },
      error: moo.error,
    },
    colon: { ws, colon: { match: ':', next: 'value' }, error: moo.error },
    value: {
      ws,
      // longest operators first: moo takes the first alternative that matches
      ncontains: '-~',
      not: '-',
      startswith: '~^',
      endswith: '~$',
      contains: '~',
      gte: '>=',
      lte: '<=',
      gt: '>',
      lt: '<',
      ingroup: { match: IN_GROUP, lineBreaks: true, next: 'after' },
      lbracket: { match: '[', next: 'item' },
      string: string('after'),
      reldate: { match: RELATIVE_DATE, next: 'after' },
      word: word('after'),
      error: moo.error,
    },
    // relative dates are lexed here only so that the grammar can refuse them in lists
    item: { ws, string: string('itemEnd'), reldate: RELATIVE_DATE, word: word('itemEnd'), error: moo.error },
    itemEnd: {
      ws,
      sep: { match: ',', next: 'item' },
      allsep: { match: '+', next: 'item' },
      rbracket: { match: ']', next: 'after' },
      error: moo.error,
    },
    after: {
      ws,
      and: { match: '+', next: 'expr' },
      or: { match: ',', next: 'expr' },
      rparen: ')',
      error: moo.error,
    },
  },
  'expr',
);

/** The type of the token moo makes of input that no rule matches: the whole rest of the input. */
export const ERROR_TOKEN = 'error';

export interface NqlLexer {
  reset(chunk: string, state?: moo.LexerState): void;
  next(): moo.Token | undefined;
  save(): moo.LexerState;
  formatError(token: moo.Token, message?: string): string;
  has(type: string): boolean;
}

// Whitespace is insignificant everywhere, so it is dropped here rather than threaded through
// every grammar rule (which would also invite ambiguous parses).
export const lexer: NqlLexer = {
  reset: (chunk, state) => {
    base.reset(chunk, state);
  },
  next: () => {
    let token = base.next();
    while (token !== undefined && token.type === 'ws') token = base.next();
    return token;
  },
  save: () => base.save(),
  formatError: (token, message) => base.formatError(token, message),
  has: (type) => base.has(type),
};
