import { LexicalError } from '../error';
import type { LexicalDocument } from '../types';
import { LEXICAL_LIMITS, parseLexical } from '../validate';
import { parseBody } from './dom';
import { DomDepthError, DomImporter } from './import-dom';
import { insertIntoRoot, mergeText, Transformer } from './insert';
import { serializeNode } from './serialize';

export { UnreadableStyleError } from './css';
import { Tree } from './tree';

// HTML → lexical as the reference converts it (@tryghost/kg-html-to-lexical 1.2.24 on lexical 0.13.1),
// proven byte for byte against it by test/content/lexical/from-html.differential.test.ts.

const EMPTY_DOCUMENT =
  '{"root":{"children":[{"children":[],"direction":null,"format":"","indent":0,"type":"paragraph","version":1}],"direction":null,"format":"","indent":0,"type":"root","version":1}}';

/**
 * Converts HTML (a post sent with `?source=html`) to a lexical document, the JSON text the reference
 * stores. Throws LexicalError when the result would break the lexical limits (`parseLexical`) or the
 * HTML nests too deep to convert.
 */
export function htmlToLexical(html: string): string {
  if (!html) return EMPTY_DOCUMENT;
  if (html.length > LEXICAL_LIMITS.maxLength) throw new LexicalError(`html is longer than ${LEXICAL_LIMITS.maxLength} characters`);
  const tree = new Tree();
  const root = tree.element('root');
  let nodes;
  try {
    nodes = new DomImporter(tree).generate(parseBody(html.trim()));
  } catch (error) {
    if (error instanceof DomDepthError) throw new LexicalError(error.message);
    // serializing a card's deeply nested markup (parse5's serializer recurses) can still overflow
    if (error instanceof RangeError) throw new LexicalError('html is nested too deep to convert');
    throw error;
  }
  insertIntoRoot(tree, root, nodes);
  new Transformer(tree, root).run();
  mergeText(root);
  const json = JSON.stringify({ root: serializeNode(root) });
  parseLexical(json); // the limits every stored document meets
  return json;
}

/** The same, parsed. */
export function htmlToLexicalDocument(html: string): LexicalDocument {
  return parseLexical(htmlToLexical(html));
}
