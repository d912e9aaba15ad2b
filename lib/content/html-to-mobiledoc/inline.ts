import type { AnyNode, Element } from 'domhandler';
import { safeUrl } from '../url';
import { markupRef, pushMarkup, type InlineRuns, type MarkupRef } from './builder';
import { find, isElement, textContent } from './dom';
import { DROPPED, LISTS, MARKUP_TAGS, TEXT_BLOCKS, UNWRAPPED_INLINE } from './elements';

/** Beyond this nesting, content is taken as plain text so hostile inputs cannot exhaust the stack. */
export const MAX_DEPTH = 400;

const COLLAPSIBLE_ONLY = /^[ \t\n\r\f]*$/;

export function isBlank(text: string): boolean {
  return COLLAPSIBLE_ONLY.test(text);
}

/**
 * The markup an inline element stands for; null for a link without a usable href (its text is kept
 * unlinked); undefined when the element is not inline formatting at all.
 */
export function inlineMarkup(element: Element): MarkupRef | null | undefined {
  if (element.name === 'a') {
    const href = safeUrl(element.attribs.href);
    if (!href) return null;
    const attributes = ['href', href];
    for (const name of ['rel', 'target']) {
      const value = element.attribs[name];
      if (value) attributes.push(name, value);
    }
    return markupRef('a', attributes);
  }
  const tag = MARKUP_TAGS.get(element.name);
  return tag ? markupRef(tag) : undefined;
}

export function nearestHref(stack: readonly MarkupRef[]): string | undefined {
  for (let i = stack.length - 1; i >= 0; i--) if (stack[i].tag === 'a') return stack[i].attributes[1];
  return undefined;
}

/** Receives the inline content of a quote or a list, which have no room for cards. */
export interface InlineSink {
  text(text: string, stack: readonly MarkupRef[]): void;
  softReturn(stack: readonly MarkupRef[]): void;
  /** A block element inside the content starts or ends. */
  boundary(): void;
  list?(list: Element, stack: readonly MarkupRef[], depth: number): void;
}

/** Whether walkInline can convert everything under root without losing content. */
export function isInlineConvertible(root: Element, allowLists: boolean): boolean {
  const blocker = find(root, ({ name }) => {
    if (name === 'br' || name === 'a' || name === 'div' || MARKUP_TAGS.has(name)) return false;
    if (UNWRAPPED_INLINE.has(name) || TEXT_BLOCKS.has(name) || DROPPED.has(name)) return false;
    return !(allowLists && (LISTS.has(name) || name === 'li'));
  });
  return blocker === undefined;
}

export function walkInline(nodes: readonly AnyNode[], stack: readonly MarkupRef[], sink: InlineSink, depth: number): void {
  for (const node of nodes) {
    if (node.type === 'text') {
      sink.text(node.data, stack);
      continue;
    }
    if (!isElement(node) || DROPPED.has(node.name)) continue;
    if (depth > MAX_DEPTH) {
      sink.text(textContent(node), stack);
      continue;
    }
    if (node.name === 'br') {
      sink.softReturn(stack);
      continue;
    }
    const ref = inlineMarkup(node);
    if (ref !== undefined || UNWRAPPED_INLINE.has(node.name)) {
      walkInline(node.children, ref ? pushMarkup(stack, ref) : stack, sink, depth + 1);
    } else if (sink.list && LISTS.has(node.name)) {
      sink.list(node, stack, depth + 1);
    } else {
      sink.boundary();
      walkInline(node.children, stack, sink, depth + 1);
      sink.boundary();
    }
  }
}

/** A blockquote's paragraphs joined by a blank line (two soft returns), as Ghost's importer does. */
export class JoinedSink implements InlineSink {
  private pending = false;

  constructor(private readonly runs: InlineRuns) {}

  text(text: string, stack: readonly MarkupRef[]): void {
    if (this.pending && !isBlank(text)) {
      this.runs.softReturn(stack);
      this.runs.softReturn(stack);
      this.pending = false;
    }
    this.runs.text(text, stack);
  }

  softReturn(stack: readonly MarkupRef[]): void {
    this.runs.softReturn(stack);
  }

  boundary(): void {
    if (this.runs.hasText()) this.pending = true;
  }
}
