import { renderTextContent } from './text-content';
import { loadedChildren } from './normalize';
import { isElement, isLineBreak, isLink, isText, textContent } from './text';
import type { LexicalHeadingIds } from './heading-ids';
import type { LexicalNode } from './types';

export interface ElementContext {
  headingIds: LexicalHeadingIds;
}

/** The reference's exportChildren: runs of inline nodes through TextContent, nested elements flattened. */
export function exportChildren(node: LexicalNode): string {
  let out = '';
  let run: LexicalNode[] = [];
  const flush = (): void => {
    if (run.length > 0) out += renderTextContent(run, exportChildren);
    run = [];
  };
  for (const child of loadedChildren(node.children)) {
    const inline = isLineBreak(child) || isText(child) || isLink(child);
    if (!inline) flush();
    if (inline) run.push(child);
    else if (isElement(child)) out += exportChildren(child);
  }
  flush();
  return out;
}

function listTag(node: LexicalNode): string {
  return node.listType === 'number' ? 'ol' : 'ul';
}

function exportList(node: LexicalNode): string {
  const tag = listTag(node);
  // one <li> is kept open across items so a nested list (an item whose first child is a list) lands inside it
  let liOpen = false;
  let content = '';
  for (const child of loadedChildren(node.children)) {
    if (child.type !== 'listitem') continue;
    const first = loadedChildren(child.children)[0];
    if (first && first.type === 'list') {
      content += exportList(first);
      if (liOpen) {
        content += '</li>';
        liOpen = false;
      }
    } else {
      if (liOpen) content += '</li>';
      content += `<li>${exportChildren(child)}`;
      liOpen = true;
    }
  }
  if (liOpen) content += '</li>';
  const start = node.start;
  if (start !== 1 && start !== null && start !== undefined) return `<${tag} start="${listStart(start)}">${content}</${tag}>`;
  return `<${tag}>${content}</${tag}>`;
}

function listStart(start: unknown): string {
  return typeof start === 'number' ? String(start) : String(start).replace(/[&"\u00a0]/g, '');
}

const HEADING_TAGS: ReadonlySet<string> = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);

/** A top-level element as the reference's element transformers render it; other elements render their children. */
export function exportTopLevelElement(node: LexicalNode, context: ElementContext): string {
  switch (node.type) {
    case 'paragraph':
      return `<p>${exportChildren(node)}</p>`;
    case 'heading':
    case 'extended-heading': {
      const tag = typeof node.tag === 'string' && HEADING_TAGS.has(node.tag) ? node.tag : 'h1';
      return `<${tag} id="${context.headingIds.next(textContent(node))}">${exportChildren(node)}</${tag}>`;
    }
    case 'list':
      return exportList(node);
    case 'quote':
    case 'extended-quote':
      return `<blockquote>${exportChildren(node)}</blockquote>`;
    case 'aside':
      return `<blockquote class="kg-blockquote-alt">${exportChildren(node)}</blockquote>`;
    default:
      return exportChildren(node);
  }
}
