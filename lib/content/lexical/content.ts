import { excerptOf } from '../excerpt';
import { htmlToPlaintext } from '../plaintext';
import { readingTime } from '../reading-time';
import { renderLexical, type LexicalRenderOptions } from './render';
import { parseLexical } from './validate';

export interface LexicalContent {
  html: string;
  plaintext: string;
  excerpt: string;
  readingTime: number;
}

/**
 * Everything a post derives from its lexical: the html, then — as for mobiledoc, and as the reference
 * does — plaintext, excerpt and reading time from that html. Throws LexicalError for a document
 * parseLexical refuses.
 */
export function lexicalContent(
  lexical: unknown,
  post: { customExcerpt?: string | null; featureImage?: string | null } = {},
  options: LexicalRenderOptions = {},
): LexicalContent {
  const html = renderLexical(parseLexical(lexical), options);
  const plaintext = htmlToPlaintext(html);
  return {
    html,
    plaintext,
    excerpt: excerptOf(plaintext, post.customExcerpt),
    readingTime: readingTime({ html, featureImage: post.featureImage, plaintext }),
  };
}
