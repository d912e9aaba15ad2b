import { nodeText } from './text';
import type { LexicalNode } from './types';

// What lexical does to a document's inline nodes when it loads it, which the reference's html shows:
// empty text nodes are removed (and a link left empty by that with them), and neighbouring text
// nodes with the same format and style are merged. Only "simple" text takes part: plain or
// extended text in mode "normal" (token and segmented text, text without a mode and tabs are left as they are).

function isSimpleText(node: LexicalNode): boolean {
  return (node.type === 'text' || node.type === 'extended-text') && node.mode === 'normal';
}

function mergeable(a: LexicalNode, b: LexicalNode): boolean {
  return a.format === b.format && a.style === b.style;
}

/** An element's children as lexical holds them once loaded. */
export function loadedChildren(children: readonly LexicalNode[] | undefined): LexicalNode[] {
  const out: LexicalNode[] = [];
  for (const child of children ?? []) {
    if (isSimpleText(child)) {
      const text = nodeText(child);
      if (text === '') continue;
      const previous = out[out.length - 1];
      if (previous && isSimpleText(previous) && mergeable(previous, child)) out[out.length - 1] = { ...previous, text: nodeText(previous) + text };
      else out.push(child);
      continue;
    }
    if (child.type === 'link' && (child.children?.length ?? 0) > 0) {
      const inner = loadedChildren(child.children);
      if (inner.length > 0) out.push({ ...child, children: inner });
      continue;
    }
    out.push(child);
  }
  return out;
}
