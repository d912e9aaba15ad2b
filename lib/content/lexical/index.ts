// Lexical, the reference's editor format since Ghost 5: validation and rendering to html. Not yet served
// by the API (see README, "Content formats").
export type { LexicalDocument, LexicalNode } from './types';
export { LexicalError } from './error';
export { LEXICAL_LIMITS, isKnownLexicalType, parseLexical, type LexicalLimits } from './validate';
export { renderLexical, type LexicalRenderOptions } from './render';
export { lexicalContent, type LexicalContent } from './content';
