import type { LexicalNode } from './types';

// Which serialized types lexical treats as text (TextNode and its subclasses), line breaks and inline elements.
export const TEXT_TYPES: ReadonlySet<string> = new Set(['text', 'extended-text', 'tab', 'tk', 'zwnj']);
export const LINK_TYPES: ReadonlySet<string> = new Set(['link']);
export const ELEMENT_TYPES: ReadonlySet<string> = new Set([
  'root',
  'paragraph',
  'heading',
  'extended-heading',
  'quote',
  'extended-quote',
  'aside',
  'list',
  'listitem',
  'link',
]);
const INLINE_ELEMENTS: ReadonlySet<string> = new Set(['link']);

export const isText = (node: LexicalNode): boolean => TEXT_TYPES.has(node.type);
export const isLineBreak = (node: LexicalNode): boolean => node.type === 'linebreak';
export const isLink = (node: LexicalNode): boolean => LINK_TYPES.has(node.type);
export const isElement = (node: LexicalNode): boolean => ELEMENT_TYPES.has(node.type);

/** A text node's text; a tab node always holds a tab. */
export function nodeText(node: LexicalNode): string {
  if (node.type === 'tab') return '\t';
  return typeof node.text === 'string' ? node.text : '';
}

/** lexical's getTextContent: element children joined, blocks separated by a blank line. */
export function textContent(node: LexicalNode): string {
  if (isText(node)) return nodeText(node);
  if (isLineBreak(node)) return '\n';
  if (!isElement(node)) return '';
  const children = node.children ?? [];
  let out = '';
  children.forEach((child, i) => {
    out += textContent(child);
    if (isElement(child) && i !== children.length - 1 && !INLINE_ELEMENTS.has(child.type)) out += '\n\n';
  });
  return out;
}
