import { CARD_MATCHERS } from './cards';
import { childNodes, classes, getAttr, indexIn, isElement, isText, nodeName, parentElement, parseInteger, styleOf, type DomNode, type Element } from './dom';
import { FORMAT, type ElementNode, type FormatName, type LexNode, type TextNode, type Tree } from './tree';
import { collapsedText, insidePre, preformattedParts } from './whitespace';

// lexical 0.13's $generateNodesFromDOM with the node importers the reference registers: for each DOM node
// the highest-priority conversion wins (the first registered on a tie); an element without one hands its
// children up; `forChild` functions of the elements above (by tag name, the nearest of a name winning)
// restyle each text node created below them.

type ForChild = (node: LexNode) => LexNode | null;

interface Output {
  node: LexNode | LexNode[] | null;
  forChild?: ForChild;
  after?: (children: LexNode[]) => LexNode[];
}

interface Conversion {
  priority: number;
  convert: (node: DomNode) => Output | null;
}

/** The depth past which the reference's recursive conversion would overflow: refused, not crashed. */
export const MAX_DOM_DEPTH = 2000;

export class DomDepthError extends Error {
  override name = 'DomDepthError';
}

const HEADINGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);

/** lexical's toggleFormat: subscript and superscript exclude each other. */
function toggle(node: LexNode, format: FormatName): void {
  if (node.kind !== 'text') return;
  node.format ^= FORMAT[format];
  if (format === 'subscript') node.format &= ~FORMAT.superscript;
  if (format === 'superscript') node.format &= ~FORMAT.subscript;
}

function has(node: TextNode, format: FormatName): boolean {
  return (node.format & FORMAT[format]) !== 0;
}

function formatting(format: FormatName): Output {
  return {
    node: null,
    forChild: (child) => {
      if (child.kind === 'text' && !has(child, format)) toggle(child, format);
      return child;
    },
  };
}

const TAG_FORMATS: Record<string, FormatName> = {
  code: 'code',
  em: 'italic',
  i: 'italic',
  s: 'strikethrough',
  strong: 'bold',
  sub: 'subscript',
  sup: 'superscript',
  u: 'underline',
};

function isGoogleDocsTitle(node: DomNode | undefined): boolean {
  return node !== undefined && nodeName(node) === 'SPAN' && styleOf(node, 'font-size') === '26pt';
}

function isGoogleDocs(node: Element): boolean {
  let current: Element | null = node;
  while (current) {
    if ((getAttr(current, 'id') ?? '').startsWith('docs-internal-guid-')) return true;
    current = parentElement(current);
  }
  return false;
}

function isWhitespaceText(node: DomNode | undefined): boolean {
  return isText(node) && /^( |\t|\r?\n)+$/.test(node.value);
}

/** lexical's isOnlyChild for <br>: alone in its parent but for white space text. */
function isOnlyChild(node: DomNode): boolean {
  const parent = parentElement(node);
  if (!parent) return false;
  const list = parent.childNodes as DomNode[];
  const first = list[0];
  const last = list[list.length - 1];
  const firstOk = first === node || (list[1] === node && isWhitespaceText(first));
  const lastOk = last === node || (list[list.length - 2] === node && isWhitespaceText(last));
  return firstOk && lastOk;
}

function previousElementName(node: DomNode, step: 1 | -1): string | undefined {
  const parent = node.nodeName === '#document' ? null : parentElement(node);
  if (!parent) return undefined;
  const list = parent.childNodes as DomNode[];
  for (let i = indexIn(parent, node) + step; i >= 0 && i < list.length; i += step) if (isElement(list[i])) return nodeName(list[i]);
  return undefined;
}

export class DomImporter {
  constructor(private readonly tree: Tree) {}

  /** `$generateNodesFromDOM`: the top-level lexical nodes for the children of `body`. */
  generate(body: Element): LexNode[] {
    const out: LexNode[] = [];
    const children = body.childNodes as DomNode[];
    for (let i = 0; i < children.length; i++) {
      const child = children[i];
      if (!isIgnored(child)) out.push(...this.createNodes(child, new Map(), 0));
    }
    return out;
  }

  private createNodes(node: DomNode, forChildMap: Map<string, ForChild>, depth: number): LexNode[] {
    if (depth > MAX_DOM_DEPTH) throw new DomDepthError(`html is nested deeper than ${MAX_DOM_DEPTH} elements`);
    let nodes: LexNode[] = [];
    if (isIgnored(node)) return nodes;
    const conversion = this.conversionFor(node);
    const output = conversion ? conversion.convert(node) : null;
    let current: LexNode | null = null;
    let after: Output['after'];
    if (output !== null) {
      after = output.after;
      const produced = output.node;
      current = Array.isArray(produced) ? (produced[produced.length - 1] ?? null) : produced;
      if (current !== null) {
        for (const forChild of forChildMap.values()) {
          current = forChild(current);
          if (!current) break;
        }
        if (current) nodes.push(...(Array.isArray(produced) ? produced : [current]));
      }
      if (output.forChild) forChildMap.set(nodeName(node), output.forChild);
    }
    const children = childNodes(node);
    let childNodesOut: LexNode[] = [];
    for (let i = 0; i < children.length; i++) childNodesOut.push(...this.createNodes(children[i], new Map(forChildMap), depth + 1));
    if (after) childNodesOut = after(childNodesOut);
    if (current === null) nodes = nodes.concat(childNodesOut);
    else if (current.kind === 'element') this.tree.append(current, childNodesOut);
    return nodes;
  }

  /** The highest-priority conversion among those registered for the node's name (first one on a tie). */
  private conversionFor(node: DomNode): Conversion | null {
    let best: Conversion | null = null;
    for (const candidate of this.candidates(node)) if (candidate !== null && (best === null || best.priority < candidate.priority)) best = candidate;
    return best;
  }

  private candidates(node: DomNode): Array<Conversion | null> {
    const name = nodeName(node).toLowerCase();
    const tree = this.tree;
    const cards = (CARD_MATCHERS.get(name) ?? []).map((matcher): Conversion | null => {
      const match = matcher(node);
      if (!match) return null;
      return {
        priority: match.priority,
        convert: (domNode) => {
          const card = match.convert(domNode);
          return card ? { node: tree.card(card) } : null;
        },
      };
    });
    if (name === '#text') return [{ priority: 0, convert: (n) => this.text(n) }];
    if (name in TAG_FORMATS) return [{ priority: 0, convert: () => formatting(TAG_FORMATS[name]) }];
    if (name === 'b') return [{ priority: 0, convert: (n) => this.bold(n as Element) }];
    if (name === 'span') return this.span(node as Element);
    if (name === 'br') return this.br(node as Element);
    if (name === 'p') return this.paragraph(node as Element);
    if (HEADINGS.has(name)) return [{ priority: 0, convert: () => ({ node: tree.element('heading', { tag: name }) }) }];
    if (name === 'a') return [{ priority: 1, convert: (n) => this.link(n as Element) }];
    if (name === 'li')
      return [{ priority: 0, convert: (n) => ({ node: tree.element('listitem', { checked: getAttr(n as Element, 'aria-checked') === 'true' }) }) }];
    if (name === 'ol' || name === 'ul') return [{ priority: 0, convert: (n) => this.list(n as Element) }, ...cards];
    if (name === 'blockquote') return [{ priority: 1, convert: (n) => this.quote(n as Element) }];
    return cards;
  }

  private text(node: DomNode): Output {
    if (!isText(node)) return { node: null };
    if (insidePre(node)) {
      const parts = preformattedParts(node.value).map((part) =>
        part === '\n' || part === '\r\n' ? this.tree.lineBreak() : part === '\t' ? this.tree.tab() : this.tree.text(part),
      );
      return { node: parts };
    }
    const text = collapsedText(node);
    return { node: text === '' ? null : this.tree.text(text) };
  }

  /** <b>: bold, toggled (Google Docs wraps everything in <b style="font-weight:normal">). */
  private bold(node: Element): Output {
    const normal = styleOf(node, 'font-weight') === 'normal';
    return {
      node: null,
      forChild: (child) => {
        if (child.kind === 'text' && !normal) toggle(child, 'bold');
        return child;
      },
    };
  }

  private span(node: Element): Conversion[] {
    const title = isGoogleDocsTitle(node);
    const headingTitle: Conversion | null = title ? { priority: 3, convert: () => ({ node: this.tree.element('heading', { tag: 'h1' }) }) } : null;
    return [
      { priority: 0, convert: () => ({ node: null, forChild: lexicalSpanFormats(node) }) },
      headingTitle,
      {
        priority: 1,
        convert: () => {
          const lexical = lexicalSpanFormats(node);
          return { node: null, forChild: (child: LexNode) => (child.kind === 'text' ? wordSpanFormats(lexical(child) as TextNode, node) : lexical(child)) };
        },
      },
      headingTitle,
    ].filter((c): c is Conversion => c !== null);
  }

  private br(node: Element): Array<Conversion | null> {
    const lineBreak: Conversion | null = isOnlyChild(node) ? null : { priority: 0, convert: () => ({ node: this.tree.lineBreak() }) };
    let googleDocs: Conversion | null = null;
    if (isGoogleDocs(node)) {
      const previous = previousElementName(node, -1);
      const next = previousElementName(node, 1);
      const blocks = ['H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'UL', 'OL', 'DL'];
      if (
        (previous === 'P' && next === 'P') ||
        previous === 'BR' ||
        next === 'BR' ||
        (blocks.includes(previous ?? '') && next === 'P') ||
        (previous === 'P' && blocks.includes(next ?? ''))
      ) {
        googleDocs = { priority: 1, convert: () => null };
      }
    }
    return [lineBreak, googleDocs];
  }

  private paragraph(node: Element): Array<Conversion | null> {
    const googleTitle = isGoogleDocsTitle(node.childNodes[0] as DomNode | undefined);
    const titleSkip: Conversion | null = googleTitle ? { priority: 3, convert: () => ({ node: null }) } : null;
    let ariaHeading: Conversion | null = titleSkip;
    if (!ariaHeading) {
      const level = getAttr(node, 'aria-level');
      if (getAttr(node, 'role') === 'heading' && level) {
        const n = parseInt(level, 10);
        if (n > 0 && n < 7) ariaHeading = { priority: 1, convert: () => ({ node: this.tree.element('heading', { tag: `h${n}` }) }) };
      }
    }
    const emptyGoogleDocs: Conversion | null = isGoogleDocs(node) && textContentOf(node) === '' ? { priority: 1, convert: () => null } : null;
    return [{ priority: 0, convert: () => ({ node: this.paragraphNode(node) }) }, titleSkip, ariaHeading, emptyGoogleDocs];
  }

  private paragraphNode(node: Element): ElementNode {
    const paragraph = this.tree.element('paragraph');
    const indent = parseInt(styleOf(node, 'text-indent'), 10) / 20;
    if (indent > 0) paragraph.indent = indent;
    return paragraph;
  }

  private link(node: Element): Output {
    const content = textContentOf(node);
    if (content === '' && !node.childNodes.some(isElement)) return { node: null };
    return {
      node: this.tree.element('link', {
        url: getAttr(node, 'href') || '',
        rel: getAttr(node, 'rel'),
        target: getAttr(node, 'target'),
        title: getAttr(node, 'title'),
      }),
    };
  }

  private list(node: Element): Output {
    const name = nodeName(node);
    const list =
      name === 'OL'
        ? this.tree.element('list', { listType: 'number', start: parseInteger(getAttr(node, 'start')) ?? 1 })
        : this.tree.element('list', { listType: getAttr(node, '__lexicallisttype') === 'check' ? 'check' : 'bullet', start: 1 });
    return { node: list, after: (children) => this.listChildren(children) };
  }

  /** lexical's normalizeChildren for lists: everything in a list item, nested lists in items of their own. */
  private listChildren(nodes: LexNode[]): LexNode[] {
    const items: LexNode[] = [];
    for (const node of nodes) {
      if (node.kind === 'element' && node.type === 'listitem') {
        items.push(node);
        const children = [...node.children];
        if (children.length > 1) for (const child of children) if (child.kind === 'element' && child.type === 'list') items.push(this.wrapInItem(child));
      } else {
        items.push(this.wrapInItem(node));
      }
    }
    return items;
  }

  private wrapInItem(node: LexNode): ElementNode {
    const item = this.tree.element('listitem');
    this.tree.append(item, [node]);
    return item;
  }

  /** A blockquote: its paragraphs become runs of text separated by two line breaks. */
  private quote(node: Element): Output {
    return {
      node: this.tree.element('quote', { format: styleOf(node, 'text-align') }),
      after: (children) => {
        const out: LexNode[] = [];
        for (const child of children) {
          if (child.kind === 'element' && child.type === 'paragraph') {
            if (out.length > 0) out.push(this.tree.lineBreak(), this.tree.lineBreak());
            out.push(...child.children);
          } else {
            out.push(child);
          }
        }
        return out;
      },
    };
  }
}

function textContentOf(node: Element): string {
  let text = '';
  const stack: DomNode[] = [node];
  while (stack.length > 0) {
    const current = stack.pop()!;
    if (isText(current)) text += current.value;
    else for (let i = childNodes(current).length - 1; i >= 0; i--) stack.push(childNodes(current)[i]);
  }
  return text;
}

function isIgnored(node: DomNode): boolean {
  const name = nodeName(node);
  return name === 'STYLE' || name === 'SCRIPT';
}

/** lexical's span importer (Google Docs styles); toggles, as lexical does. */
function lexicalSpanFormats(span: Element): ForChild {
  const weight = styleOf(span, 'font-weight');
  const decoration = styleOf(span, 'text-decoration');
  const fontStyle = styleOf(span, 'font-style');
  const verticalAlign = styleOf(span, 'vertical-align');
  return (child) => {
    if (child.kind !== 'text') return child;
    if (weight === '700') toggle(child, 'bold');
    if (decoration === 'line-through') toggle(child, 'strikethrough');
    if (fontStyle === 'italic') toggle(child, 'italic');
    if (decoration === 'underline') toggle(child, 'underline');
    if (verticalAlign === 'sub') toggle(child, 'subscript');
    if (verticalAlign === 'super') toggle(child, 'superscript');
    return child;
  };
}

/** The reference's extra span formats (Word): set, not toggled, from the span or its parent. */
function wordSpanFormats(child: TextNode, span: Element): TextNode {
  const parent = parentElement(span);
  const either = (property: string, value: string) => styleOf(span, property) === value || (parent !== null && styleOf(parent, property) === value);
  const hasClassEither = (name: string) => classes(span).includes(name) || (parent !== null && classes(parent).includes(name));
  const wanted: Array<[boolean, FormatName]> = [
    [either('font-weight', 'bold'), 'bold'],
    [either('font-style', 'italic'), 'italic'],
    [either('text-decoration', 'underline'), 'underline'],
    [hasClassEither('Strikethrough'), 'strikethrough'],
    [hasClassEither('Highlight'), 'highlight'],
  ];
  for (const [yes, format] of wanted) if (yes && !has(child, format)) toggle(child, format);
  return child;
}
