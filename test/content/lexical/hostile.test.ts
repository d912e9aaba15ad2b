import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LEXICAL_LIMITS, LexicalError, isKnownLexicalType, parseLexical, renderLexical } from '../../../lib/content/lexical';
import { CARD_GENERATORS } from './cards.gen';

// Documents from API clients: any JSON in any field of any known node must render or be refused with a
// LexicalError (the API's 422), never throw anything else, and never write a script URL.

const TYPES = [...CARD_GENERATORS.keys(), 'paragraph', 'heading', 'quote', 'aside', 'list', 'listitem', 'link', 'text', 'tab', 'linebreak'];
const FIELDS = [
  'text',
  'format',
  'mode',
  'style',
  'tag',
  'listType',
  'start',
  'url',
  'rel',
  'src',
  'href',
  'caption',
  'html',
  'markdown',
  'images',
  'metadata',
  'visibility',
  'version',
  'width',
  'height',
  'buttonUrl',
  'buttonText',
  'calloutEmoji',
  'labels',
  'sponsorLabel',
  'fileSize',
  'duration',
  'row',
];

const node: fc.Arbitrary<Record<string, unknown>> = fc.letrec((tie) => ({
  node: fc
    .record(
      {
        type: fc.constantFrom(...TYPES),
        fields: fc.dictionary(fc.constantFrom(...FIELDS), fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.constant('javascript:alert(1)'))),
        children: fc.array(tie('node'), { maxLength: 3 }),
      },
      { requiredKeys: ['type', 'fields'] },
    )
    .map(({ type, fields, children }) => ({ ...fields, type, ...(children ? { children } : {}) })),
})).node as fc.Arbitrary<Record<string, unknown>>;

describe('lexical from hostile clients', () => {
  it('renders or refuses any document, never crashes', () => {
    fc.assert(
      fc.property(fc.array(node, { maxLength: 4 }), (children) => {
        let html: string;
        try {
          html = renderLexical(parseLexical(JSON.stringify({ root: { type: 'root', children } })));
        } catch (error) {
          expect(error).toBeInstanceOf(LexicalError);
          return;
        }
        expect(html).not.toMatch(/(href|src)="\s*javascript:/i);
      }),
      { numRuns: 1500, seed: 34 },
    );
  });

  it('knows every type it generates and nothing else', () => {
    for (const type of TYPES) expect(isKnownLexicalType(type)).toBe(true);
    expect(isKnownLexicalType('autolink')).toBe(false);
    expect(LEXICAL_LIMITS.maxDepth).toBeGreaterThan(10);
  });
});
