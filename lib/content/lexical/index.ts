// Lexical, the reference's editor format since Ghost 5: validation, rendering to html, and html → lexical. Posts
// written in it are stored as sent and served from this html (lib/resources/posts/body.ts; README, "Content formats").
export type { LexicalDocument, LexicalNode } from './types';
export { LexicalError } from './error';
export { LEXICAL_LIMITS, isKnownLexicalType, parseLexical, type LexicalLimits } from './validate';
export { renderLexical, type LexicalRenderOptions } from './render';
export { lexicalContent, type LexicalContent } from './content';
export { EMPTY_LEXICAL } from './empty';
export { htmlToLexical, UnreadableStyleError } from './from-html';
