import { isNestedListItem, type ElementNode, type LexNode } from './tree';

// The editor state as the reference's editorState.toJSON() writes it: each node's exportJSON, keys in
// lexical's order; text nodes are the reference's extended-text, headings and quotes its extended ones.

const ALIGNMENTS = new Set(['left', 'center', 'right', 'justify', 'start', 'end']);

function elementBase(node: ElementNode, type: string, children: unknown[]): Record<string, unknown> {
  return {
    children,
    direction: null,
    format: node.format !== undefined && ALIGNMENTS.has(node.format) ? node.format : '',
    indent: indentOf(node),
    type,
    version: 1,
  };
}

/** A list item's indent is its depth among nested lists. */
function indentOf(node: ElementNode): number {
  if (node.type !== 'listitem') return node.indent;
  let level = 0;
  let ancestor = node.parent?.parent ?? null;
  while (ancestor && ancestor.type === 'listitem') {
    ancestor = ancestor.parent?.parent ?? null;
    level++;
  }
  return level;
}

/**
 * A list item's number: the list's start plus the items before it that are not nested lists. An item
 * stranded outside a list (inside a link, by broken markup) keeps the number it was created with, 1.
 */
function valueOf(node: ElementNode): number {
  const list = node.parent!;
  if (list.type !== 'list') return 1;
  let value = list.start ?? 1;
  for (const sibling of list.children) {
    if (sibling === node) break;
    if (sibling.kind === 'element' && sibling.type === 'listitem' && !isNestedListItem(sibling)) value++;
  }
  return value;
}

export function serializeNode(node: LexNode): Record<string, unknown> {
  switch (node.kind) {
    case 'text':
      return {
        detail: node.tab ? 2 : 0,
        format: node.format,
        mode: 'normal',
        style: '',
        text: node.text,
        type: node.tab ? 'tab' : 'extended-text',
        version: 1,
      };
    case 'linebreak':
      return { type: 'linebreak', version: 1 };
    case 'card':
      return node.json;
    case 'element':
      return serializeElement(node);
  }
}

function serializeElement(node: ElementNode): Record<string, unknown> {
  const children = node.children.map(serializeNode);
  switch (node.type) {
    case 'root':
      return elementBase(node, 'root', children);
    case 'paragraph':
      return elementBase(node, 'paragraph', children);
    case 'heading':
      return { ...elementBase(node, 'extended-heading', children), tag: node.tag };
    case 'quote':
      return elementBase(node, 'extended-quote', children);
    case 'list':
      return { ...elementBase(node, 'list', children), listType: node.listType, start: node.start, tag: node.listType === 'number' ? 'ol' : 'ul' };
    case 'listitem':
      return { ...elementBase(node, 'listitem', children), checked: node.checked, value: valueOf(node) };
    case 'link':
      return { ...elementBase(node, 'link', children), rel: node.rel, target: node.target, title: node.title, url: node.url };
  }
}
