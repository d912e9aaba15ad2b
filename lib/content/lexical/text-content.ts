import { escapeAttr, escapeText } from '../escape';
import { normalizeHtml } from './dom';
import { isLineBreak, isLink, isText, nodeText } from './text';
import type { LexicalNode } from './types';
import { renderedUrl } from './url';

// Port of the reference's TextContent (kg-lexical-html-renderer): a run of text, line break and link
// nodes rendered together so format tags open and close across neighbouring text nodes. Its quirks are
// kept on purpose (the output must match byte for byte), including closing the innermost open tag
// for each format the next node lacks.

const FORMAT_TAGS: ReadonlyArray<readonly [string, number, string]> = [
  ['bold', 1, 'strong'],
  ['italic', 2, 'em'],
  ['strikethrough', 4, 's'],
  ['underline', 8, 'u'],
  ['code', 16, 'code'],
  ['subscript', 32, 'sub'],
  ['superscript', 64, 'sup'],
  ['highlight', 128, 'mark'],
];
const FORMAT_BIT = new Map(FORMAT_TAGS.map(([name, bit]) => [name, bit]));
const FORMAT_TAG = new Map(FORMAT_TAGS.map(([name, , tag]) => [name, tag]));

/** lexical stores formats as a bit set; a string names one format. */
export function formatOf(node: LexicalNode): number {
  const format = node.format;
  if (typeof format === 'number' && Number.isFinite(format)) return format;
  if (typeof format === 'string') return FORMAT_BIT.get(format) ?? 0;
  return 0;
}

const hasFormat = (node: LexicalNode, format: string): boolean => (formatOf(node) & (FORMAT_BIT.get(format) ?? 0)) !== 0;

export type ExportChildren = (node: LexicalNode) => string;

function anchor(node: LexicalNode, exportChildren: ExportChildren): string {
  const url = typeof node.url === 'string' ? node.url : '';
  const rel = typeof node.rel === 'string' ? node.rel : '';
  const href = url ? renderedUrl(url) : null;
  let attributes = '';
  if (href !== null) attributes += ` href="${escapeAttr(href)}"`;
  if (rel) attributes += ` rel="${escapeAttr(rel)}"`;
  // the reference assigns the children through innerHTML, so they are parsed again
  return `<a${attributes}>${normalizeHtml(exportChildren(node), 'a')}</a>`;
}

export function renderTextContent(nodes: readonly LexicalNode[], exportChildren: ExportChildren): string {
  let out = '';
  const openFormats: string[] = [];

  for (let i = 0; i < nodes.length; i++) {
    const node = nodes[i];
    if (isLineBreak(node)) {
      out += '<br>';
      continue;
    }
    if (isLink(node)) {
      out += anchor(node, exportChildren);
      continue;
    }
    if (!isText(node)) continue;

    const text = escapeText(nodeText(node));
    if (formatOf(node) === 0) {
      out += text;
      continue;
    }

    const formatsToOpen = FORMAT_TAGS.map(([name]) => name).filter((f) => hasFormat(node, f) && !openFormats.includes(f));
    const remaining = nodes.slice(i + 1);
    const nextLink = remaining.findIndex(isLink);
    const sortable = (nextLink === -1 ? remaining : remaining.slice(0, nextLink)).filter(isText);
    formatsToOpen.sort((a, b) => {
      const aIndex = sortable.findIndex((n) => hasFormat(n, a));
      const bIndex = sortable.findIndex((n) => hasFormat(n, b));
      if (aIndex === -1) return 1;
      if (bIndex === -1) return -1;
      return aIndex - bIndex;
    });
    for (const format of formatsToOpen) {
      out += `<${FORMAT_TAG.get(format)}>`;
      openFormats.push(format);
    }
    out += text;

    const next = remaining.find((n) => isText(n) || isLink(n));
    for (const format of [...openFormats]) {
      if (!next || isLink(next) || !hasFormat(next, format)) {
        const closed = openFormats.pop() as string;
        out += `</${FORMAT_TAG.get(closed)}>`;
      }
    }
  }
  while (openFormats.length > 0) out += `</${FORMAT_TAG.get(openFormats.pop() as string)}>`;
  return out;
}
