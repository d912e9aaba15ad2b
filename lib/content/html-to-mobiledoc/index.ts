import type { AnyNode, Comment, Element } from 'domhandler';
import { parseDocument } from 'htmlparser2';
import type { Mobiledoc } from '../types';
import { DocumentBuilder, InlineRuns, pushMarkup, type MarkupRef } from './builder';
import { codeCard, figureCard, imageCard, type CardData } from './cards';
import { find, hasClass, isElement, serialize, textContent } from './dom';
import { DROPPED, LISTS, QUOTE_BLOCKS, TEXT_BLOCKS, UNWRAPPED_INLINE, WRAPPERS } from './elements';
import { inlineMarkup, isBlank, isInlineConvertible, JoinedSink, MAX_DEPTH, nearestHref, walkInline } from './inline';
import { ListSink } from './list';

interface Context {
  /** Section tag for inline content found here. */
  readonly tag: string;
  readonly stack: readonly MarkupRef[];
  /** Inside p/h1–h6, where a nested <p> continues the enclosing block's kind. */
  readonly inTextBlock: boolean;
}

const TOP: Context = { tag: 'p', stack: [], inTextBlock: false };
const CARD_BEGIN = /^kg-card-begin:\s*(?:html|markdown)$/;
const CARD_END = /^kg-card-end:/;

class Converter {
  private readonly doc = new DocumentBuilder();
  private runs = new InlineRuns();
  private runsTag = 'p';
  private depth = 0;

  convert(html: string): Mobiledoc {
    this.children(parseDocument(html).children, TOP);
    this.flush();
    return this.doc.build();
  }

  /** Ends the section being filled; content that follows starts a new one. */
  private flush(): void {
    this.doc.markupSection(this.runsTag, this.runs);
    this.runs = new InlineRuns();
  }

  private target(context: Context): InlineRuns {
    if (!this.runs.isEmpty() && this.runsTag !== context.tag) this.flush();
    if (this.runs.isEmpty()) this.runsTag = context.tag;
    return this.runs;
  }

  private text(text: string, context: Context): void {
    if (isBlank(text) && (this.runs.isEmpty() || this.runsTag !== context.tag)) return;
    this.target(context).text(text, context.stack);
  }

  private card(card: CardData | null): void {
    this.flush();
    if (card) this.doc.card(card.name, card.payload);
  }

  /** Verbatim, so nothing without a mobiledoc equivalent is lost. */
  private htmlCard(nodes: AnyNode | AnyNode[]): void {
    const html = serialize(nodes);
    this.card(isBlank(html) ? null : { name: 'html', payload: { html } });
  }

  private children(nodes: readonly AnyNode[], context: Context): void {
    for (let i = 0; i < nodes.length; i++) {
      const node = nodes[i];
      if (node.type === 'text') this.text(node.data, context);
      else if (node.type === 'comment') i = this.comment(nodes, i);
      else if (isElement(node)) this.element(node, context);
    }
  }

  /** Ghost's own markers: a paywall, or an html/markdown card's output. Returns the last index consumed. */
  private comment(nodes: readonly AnyNode[], index: number): number {
    const data = (nodes[index] as Comment).data.trim();
    if (data === 'members-only') {
      this.card({ name: 'paywall', payload: {} });
      return index;
    }
    if (!CARD_BEGIN.test(data)) return index; // other comments are not content
    let end = index + 1;
    while (end < nodes.length && !(nodes[end].type === 'comment' && CARD_END.test((nodes[end] as Comment).data.trim()))) end++;
    // A markdown card's source is gone once rendered, so its HTML comes back as an html card.
    this.htmlCard(nodes.slice(index + 1, end));
    return end;
  }

  private element(element: Element, context: Context): void {
    if (DROPPED.has(element.name)) return;
    if (this.depth > MAX_DEPTH) {
      this.text(textContent(element), context);
      return;
    }
    this.depth++;
    this.convertElement(element, context);
    this.depth--;
  }

  private convertElement(element: Element, context: Context): void {
    const name = element.name;
    if (name === 'br') {
      this.target(context).softReturn(context.stack);
      return;
    }
    const ref = inlineMarkup(element);
    if (ref !== undefined || UNWRAPPED_INLINE.has(name)) {
      this.children(element.children, ref ? { ...context, stack: pushMarkup(context.stack, ref) } : context);
      return;
    }
    // Rendered Ghost cards without an importer of their own (callout, toggle, video…) stay verbatim.
    if (name !== 'figure' && hasClass(element, 'kg-card')) return this.htmlCard(element);
    if (TEXT_BLOCKS.has(name)) {
      this.flush();
      const tag = name === 'p' && context.inTextBlock ? context.tag : name;
      this.children(element.children, { ...context, tag, inTextBlock: true });
      this.flush();
      return;
    }
    if (WRAPPERS.has(name)) {
      this.flush();
      this.children(element.children, context);
      this.flush();
      return;
    }
    if (QUOTE_BLOCKS.has(name)) return this.quote(element, context);
    if (LISTS.has(name)) return this.list(element, context);

    switch (name) {
      case 'img':
        return this.card(imageCard(element, nearestHref(context.stack)));
      case 'picture': {
        const img = find(element, (el) => el.name === 'img');
        return img ? this.card(imageCard(img, nearestHref(context.stack))) : this.htmlCard(element);
      }
      case 'figure': {
        const card = figureCard(element);
        return card ? this.card(card) : this.htmlCard(element);
      }
      case 'pre':
        return this.card(codeCard(element));
      case 'hr':
        return this.card({ name: 'hr', payload: {} });
      default:
        return this.htmlCard(element);
    }
  }

  private quote(element: Element, context: Context): void {
    this.flush();
    if (!isInlineConvertible(element, false)) return this.htmlCard(element);
    const runs = new InlineRuns();
    walkInline(element.children, context.stack, new JoinedSink(runs), this.depth);
    this.doc.markupSection(element.name, runs);
  }

  private list(element: Element, context: Context): void {
    this.flush();
    // Anything a list item cannot hold (images, tables, quotes, code…) keeps the whole list as HTML.
    if (!isInlineConvertible(element, true)) return this.htmlCard(element);
    const sink = new ListSink();
    sink.list(element, context.stack, this.depth);
    this.doc.list(element.name === 'ol' ? 'ol' : 'ul', sink.items);
  }
}

/**
 * Converts HTML (as sent with `?source=html`) to mobiledoc 0.3.1. Paragraphs, headings, quotes,
 * lists and inline formatting become sections and markups; images, figures, code blocks, rules and
 * Ghost's own card markup become cards; everything else is kept verbatim in html cards.
 */
export function htmlToMobiledoc(html: string): Mobiledoc {
  return new Converter().convert(String(html ?? ''));
}
