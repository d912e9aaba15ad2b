// Lexical, the reference's editor format since Ghost 5: validation, rendering to html, and html → lexical. Not yet served
// by the API (see README, "Content formats").
export type { LexicalDocument, LexicalNode } from './types';
export { LexicalError } from './error';
export { LEXICAL_LIMITS, isKnownLexicalType, parseLexical, type LexicalLimits } from './validate';
export { renderLexical, type LexicalRenderOptions } from './render';
export { lexicalContent, type LexicalContent } from './content';
export { htmlToLexical } from './from-html';
