// GENERATED FILE, DO NOT EDIT. Generated from grammar/nql.ne by scripts/build-grammar.mjs
// (npm run grammar); test/nql/grammar-stale.test.ts fails when it is out of date.
// Generated automatically by nearley, version 2.20.1
// http://github.com/Hardmath123/nearley
// Bypasses TS6133. Allow declared but unused functions.
// @ts-ignore
function id(d: any[]): any { return d[0]; }
declare var or: any;
declare var and: any;
declare var lparen: any;
declare var rparen: any;
declare var prop: any;
declare var colon: any;
declare var not: any;
declare var lbracket: any;
declare var allsep: any;
declare var rbracket: any;
declare var gt: any;
declare var gte: any;
declare var lt: any;
declare var lte: any;
declare var contains: any;
declare var ncontains: any;
declare var startswith: any;
declare var endswith: any;
declare var ingroup: any;
declare var sep: any;
declare var nullkw: any;
declare var truekw: any;
declare var falsekw: any;
declare var reldate: any;
declare var integer: any;
declare var literal: any;
declare var string: any;

import { lexer } from './lexer';
import * as b from './build';

interface NearleyToken {
  value: any;
  [key: string]: any;
};

interface NearleyLexer {
  reset: (chunk: string, info: any) => void;
  next: () => NearleyToken | undefined;
  save: () => any;
  formatError: (token: never) => string;
  has: (tokenType: string) => boolean;
};

interface NearleyRule {
  name: string;
  symbols: NearleySymbol[];
  postprocess?: (d: any[], loc?: number, reject?: {}) => any;
};

type NearleySymbol = string | { literal: any } | { test: (token: any) => boolean };

interface Grammar {
  Lexer: NearleyLexer | undefined;
  ParserRules: NearleyRule[];
  ParserStart: string;
};

const grammar: Grammar = {
  Lexer: lexer,
  ParserRules: [
    {"name": "filter", "symbols": ["or"], "postprocess": id},
    {"name": "or$ebnf$1", "symbols": []},
    {"name": "or$ebnf$1$subexpression$1", "symbols": [(lexer.has("or") ? {type: "or"} : or), "and"]},
    {"name": "or$ebnf$1", "symbols": ["or$ebnf$1", "or$ebnf$1$subexpression$1"], "postprocess": (d) => d[0].concat([d[1]])},
    {"name": "or", "symbols": ["and", "or$ebnf$1"], "postprocess": b.or},
    {"name": "and$ebnf$1", "symbols": []},
    {"name": "and$ebnf$1$subexpression$1", "symbols": [(lexer.has("and") ? {type: "and"} : and), "term"]},
    {"name": "and$ebnf$1", "symbols": ["and$ebnf$1", "and$ebnf$1$subexpression$1"], "postprocess": (d) => d[0].concat([d[1]])},
    {"name": "and", "symbols": ["term", "and$ebnf$1"], "postprocess": b.and},
    {"name": "term", "symbols": ["comparison"], "postprocess": id},
    {"name": "term", "symbols": [(lexer.has("lparen") ? {type: "lparen"} : lparen), "or", (lexer.has("rparen") ? {type: "rparen"} : rparen)], "postprocess": b.group},
    {"name": "comparison", "symbols": [(lexer.has("prop") ? {type: "prop"} : prop), (lexer.has("colon") ? {type: "colon"} : colon), "rhs"], "postprocess": b.comparison},
    {"name": "comparison", "symbols": [(lexer.has("prop") ? {type: "prop"} : prop), (lexer.has("colon") ? {type: "colon"} : colon), "allOf"], "postprocess": b.eachOf('eq')},
    {"name": "comparison", "symbols": [(lexer.has("prop") ? {type: "prop"} : prop), (lexer.has("colon") ? {type: "colon"} : colon), (lexer.has("not") ? {type: "not"} : not), "allOf"], "postprocess": b.eachOf('ne')},
    {"name": "allOf$ebnf$1$subexpression$1", "symbols": [(lexer.has("allsep") ? {type: "allsep"} : allsep), "item"]},
    {"name": "allOf$ebnf$1", "symbols": ["allOf$ebnf$1$subexpression$1"]},
    {"name": "allOf$ebnf$1$subexpression$2", "symbols": [(lexer.has("allsep") ? {type: "allsep"} : allsep), "item"]},
    {"name": "allOf$ebnf$1", "symbols": ["allOf$ebnf$1", "allOf$ebnf$1$subexpression$2"], "postprocess": (d) => d[0].concat([d[1]])},
    {"name": "allOf", "symbols": [(lexer.has("lbracket") ? {type: "lbracket"} : lbracket), "item", "allOf$ebnf$1", (lexer.has("rbracket") ? {type: "rbracket"} : rbracket)], "postprocess": b.allOf},
    {"name": "rhs", "symbols": ["value"], "postprocess": b.scalar('eq')},
    {"name": "rhs", "symbols": [(lexer.has("not") ? {type: "not"} : not), "value"], "postprocess": b.scalar('ne')},
    {"name": "rhs", "symbols": [(lexer.has("gt") ? {type: "gt"} : gt), "ordered"], "postprocess": b.scalar('gt')},
    {"name": "rhs", "symbols": [(lexer.has("gte") ? {type: "gte"} : gte), "ordered"], "postprocess": b.scalar('gte')},
    {"name": "rhs", "symbols": [(lexer.has("lt") ? {type: "lt"} : lt), "ordered"], "postprocess": b.scalar('lt')},
    {"name": "rhs", "symbols": [(lexer.has("lte") ? {type: "lte"} : lte), "ordered"], "postprocess": b.scalar('lte')},
    {"name": "rhs", "symbols": [(lexer.has("contains") ? {type: "contains"} : contains), "text"], "postprocess": b.scalar('contains')},
    {"name": "rhs", "symbols": [(lexer.has("ncontains") ? {type: "ncontains"} : ncontains), "text"], "postprocess": b.scalar('ncontains')},
    {"name": "rhs", "symbols": [(lexer.has("startswith") ? {type: "startswith"} : startswith), "text"], "postprocess": b.scalar('startswith')},
    {"name": "rhs", "symbols": [(lexer.has("endswith") ? {type: "endswith"} : endswith), "text"], "postprocess": b.scalar('endswith')},
    {"name": "rhs", "symbols": [(lexer.has("ingroup") ? {type: "ingroup"} : ingroup)], "postprocess": b.inGroup('in')},
    {"name": "rhs", "symbols": [(lexer.has("not") ? {type: "not"} : not), (lexer.has("ingroup") ? {type: "ingroup"} : ingroup)], "postprocess": b.inGroup('nin')},
    {"name": "rhs", "symbols": [(lexer.has("lbracket") ? {type: "lbracket"} : lbracket), "items", (lexer.has("rbracket") ? {type: "rbracket"} : rbracket)], "postprocess": b.list('in')},
    {"name": "rhs", "symbols": [(lexer.has("not") ? {type: "not"} : not), (lexer.has("lbracket") ? {type: "lbracket"} : lbracket), "items", (lexer.has("rbracket") ? {type: "rbracket"} : rbracket)], "postprocess": b.list('nin')},
    {"name": "items$ebnf$1", "symbols": []},
    {"name": "items$ebnf$1$subexpression$1", "symbols": [(lexer.has("sep") ? {type: "sep"} : sep), "item"]},
    {"name": "items$ebnf$1", "symbols": ["items$ebnf$1", "items$ebnf$1$subexpression$1"], "postprocess": (d) => d[0].concat([d[1]])},
    {"name": "items", "symbols": ["item", "items$ebnf$1"], "postprocess": b.items},
    {"name": "item", "symbols": ["text"], "postprocess": id},
    {"name": "item", "symbols": [(lexer.has("nullkw") ? {type: "nullkw"} : nullkw)], "postprocess": b.nullValue},
    {"name": "item", "symbols": [(lexer.has("truekw") ? {type: "truekw"} : truekw)], "postprocess": b.trueValue},
    {"name": "item", "symbols": [(lexer.has("falsekw") ? {type: "falsekw"} : falsekw)], "postprocess": b.falseValue},
    {"name": "value", "symbols": ["text"], "postprocess": id},
    {"name": "value", "symbols": ["reldate"], "postprocess": id},
    {"name": "value", "symbols": [(lexer.has("nullkw") ? {type: "nullkw"} : nullkw)], "postprocess": b.nullValue},
    {"name": "value", "symbols": [(lexer.has("truekw") ? {type: "truekw"} : truekw)], "postprocess": b.trueValue},
    {"name": "value", "symbols": [(lexer.has("falsekw") ? {type: "falsekw"} : falsekw)], "postprocess": b.falseValue},
    {"name": "ordered", "symbols": ["text"], "postprocess": id},
    {"name": "ordered", "symbols": ["reldate"], "postprocess": id},
    {"name": "reldate", "symbols": [(lexer.has("reldate") ? {type: "reldate"} : reldate)], "postprocess": b.relativeDate},
    {"name": "text", "symbols": [(lexer.has("integer") ? {type: "integer"} : integer)], "postprocess": b.integer},
    {"name": "text", "symbols": [(lexer.has("literal") ? {type: "literal"} : literal)], "postprocess": b.literal},
    {"name": "text", "symbols": [(lexer.has("string") ? {type: "string"} : string)], "postprocess": b.quoted}
  ],
  ParserStart: "filter",
};

export default grammar;
