# NQL, the filter language of the publishing API (publishing-api.md §4.5, reference-behaviour.md §8).
# Compile with `npm run grammar`, which writes lib/nql/grammar.ts; a test fails when that file is stale.
#
# The lexer (lib/nql/lexer.ts) drops whitespace and classifies words, so this grammar only
# arranges tokens. It must stay unambiguous: parseFilter rejects inputs with more than one parse.
# Precedence: ',' (or) < '+' (and) < parentheses. Each comparison is `property ':' rhs`.

@preprocessor typescript

@{%
import { lexer } from './lexer';
import * as b from './build';
%}

@lexer lexer

filter     -> or                              {% id %}

or         -> and (%or and):*                 {% b.or %}
and        -> term (%and term):*              {% b.and %}
term       -> comparison                      {% id %}
            | %lparen or %rparen              {% b.group %}

comparison -> %prop %colon rhs                {% b.comparison %}
            | %prop %colon allOf              {% b.eachOf('eq') %}
            | %prop %colon %not allOf         {% b.eachOf('ne') %}

# `[a+b]`: all of them, each its own comparison (`tag:[a+b]` is `tag:a+tag:b`, reference-behaviour §8)
allOf      -> %lbracket item (%allsep item):+ %rbracket  {% b.allOf %}

rhs        -> value                           {% b.scalar('eq') %}
            | %not value                      {% b.scalar('ne') %}
            | %gt ordered                     {% b.scalar('gt') %}
            | %gte ordered                    {% b.scalar('gte') %}
            | %lt ordered                     {% b.scalar('lt') %}
            | %lte ordered                    {% b.scalar('lte') %}
            | %contains text                  {% b.scalar('contains') %}
            | %ncontains text                 {% b.scalar('ncontains') %}
            | %startswith text                {% b.scalar('startswith') %}
            | %endswith text                  {% b.scalar('endswith') %}
            | %ingroup                        {% b.inGroup('in') %}
            | %not %ingroup                   {% b.inGroup('nin') %}
            | %lbracket items %rbracket       {% b.list('in') %}
            | %not %lbracket items %rbracket  {% b.list('nin') %}

items      -> item (%sep item):*              {% b.items %}

item       -> text                            {% id %}
            | %nullkw                         {% b.nullValue %}
            | %truekw                         {% b.trueValue %}
            | %falsekw                        {% b.falseValue %}

value      -> text                            {% id %}
            | reldate                         {% id %}
            | %nullkw                         {% b.nullValue %}
            | %truekw                         {% b.trueValue %}
            | %falsekw                        {% b.falseValue %}

ordered    -> text                            {% id %}
            | reldate                         {% id %}

reldate    -> %reldate                        {% b.relativeDate %}

text       -> %integer                        {% b.integer %}
            | %literal                        {% b.literal %}
            | %string                         {% b.quoted %}
