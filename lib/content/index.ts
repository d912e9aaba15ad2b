// Content transformations for posts and pages: pure functions over strings, no I/O and only
// Web-standard APIs, so the same code runs on Node, Bun, Deno and edge runtimes.

export type {
  AtomMarker,
  AtomTuple,
  CardSection,
  CardTuple,
  ImageSection,
  ListSection,
  Marker,
  MarkupSection,
  MarkupTuple,
  Mobiledoc,
  Section,
  TextMarker,
} from './types';
export { MobiledocError } from './mobiledoc/error';
export { parseMobiledoc, validateMobiledoc } from './mobiledoc/validate';
export { renderMobiledoc } from './mobiledoc/render';
export { imageSources, srcsetFor, type ImageSize, type ResponsiveImages } from './responsive-images';
export { EMPTY_MOBILEDOC } from './mobiledoc/tags';
export { htmlToMobiledoc } from './html-to-mobiledoc';
export { htmlToPlaintext } from './plaintext';
export { sanitizeCaption } from './sanitize';
export { excerptOf } from './excerpt';
export { readingTime } from './reading-time';
export { countWords } from './word-count';
export { slugify, tagSlug, isReservedSlug } from './slug';
export {
  EMPTY_LEXICAL,
  LEXICAL_LIMITS,
  LexicalError,
  isKnownLexicalType,
  htmlToLexical,
  lexicalContent,
  parseLexical,
  renderLexical,
  type LexicalContent,
  type LexicalDocument,
  type LexicalLimits,
  type LexicalNode,
  type LexicalRenderOptions,
} from './lexical';
