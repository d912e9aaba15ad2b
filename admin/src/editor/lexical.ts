import type { Mark, Node as PMNode, Schema } from 'prosemirror-model';
import type { Payload } from './schema';

/**
 * The mapping between the editor's document and lexical, the reference's editor format since Ghost 5,
 * as lib/content/lexical validates and renders it.
 *
 * What the editor understands (paragraphs, headings, quotes, lists nested any depth, text formats,
 * links, line breaks, and the image, code, divider, html and markdown cards) becomes editable nodes;
 * each block keeps the lexical element's own fields in its `lexical` attribute (schema.ts), so they are
 * written back as read. Anything else — another card, a tab, an oddly shaped list — is carried as an
 * opaque atom holding the node itself and written back untouched.
 *
 * toLexical is canonical: what the editor writes reads back to the same document and is written again
 * byte for byte. A foreign document (split text nodes, an empty text node) may be written differently
 * but means the same; the editor keeps the original string until the user changes something (index.ts).
 */

/** Thrown for input that is not a lexical document, or content that has no lexical form. */
export class LexicalMappingError extends Error {
  override name = 'LexicalMappingError';
}

// lexical's text format bits, and the editor's mark for each (schema.ts).
const FORMAT_MARKS: ReadonlyArray<readonly [bit: number, mark: string, tag?: string]> = [
  [1, 'strong'],
  [2, 'em'],
  [4, 'strike'],
  [8, 'markup', 'u'],
  [16, 'code'],
  [32, 'markup', 'sub'],
  [64, 'markup', 'sup'],
  [128, 'markup', 'mark'],
];
const ALL_FORMATS = 255;

// What the reference's editor (Koenig) writes for text, headings and quotes: its extended node types.
const TEXT_TYPE = 'extended-text';
const HEADING_TYPES: ReadonlySet<string> = new Set(['heading', 'extended-heading']);
const QUOTE_TYPES: ReadonlySet<string> = new Set(['quote', 'extended-quote']);

/** The editor's card nodes and the lexical card each is, by the card's (mobiledoc) name. */
const CARD_TYPES: Readonly<Record<string, string>> = {
  image: 'image',
  code: 'codeblock',
  hr: 'horizontalrule',
  html: 'html',
  markdown: 'markdown',
  'card-markdown': 'markdown',
};

function isObject(value: unknown): value is Payload {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An element's own fields, its children left out (an empty list keeps the key's place). */
const own = (node: Payload): Payload => ({ ...node, children: [] });

function canonicalText(text: string, format: number): Payload {
  return { detail: 0, format, mode: 'normal', style: '', text, type: TEXT_TYPE, version: 1 };
}

// ---------------------------------------------------------------------------------------------------
// lexical → editor

class Reader {
  constructor(private readonly schema: Schema) {}

  document(top: Payload & { root: Payload & { children: unknown[] } }): PMNode {
    const blocks = top.root.children.map((node) => this.block(node));
    if (blocks.length === 0) blocks.push(this.schema.nodes.paragraph.create());
    const doc = this.schema.nodes.doc.create({ lexical: { ...top, root: own(top.root) } }, blocks);
    doc.check();
    return doc;
  }

  private block(node: unknown): PMNode {
    const nodes = this.schema.nodes;
    if (!isObject(node) || typeof node.type !== 'string') throw new LexicalMappingError('lexical nodes must be objects with a type');
    const type = node.type;
    const children = node.children ?? [];
    const lexical = own(node);
    if (type === 'paragraph' || HEADING_TYPES.has(type) || QUOTE_TYPES.has(type) || type === 'aside') {
      const content = Array.isArray(children) ? this.inline(children, []) : null;
      const level = HEADING_TYPES.has(type) ? /^h([1-6])$/.exec(String(node.tag))?.[1] : null;
      if (content && type === 'paragraph') return nodes.paragraph.create({ lexical }, content);
      if (content && level) return nodes.heading.create({ level: Number(level), lexical }, content);
      if (content && !HEADING_TYPES.has(type)) return nodes.blockquote.create({ tag: type === 'aside' ? 'aside' : 'blockquote', lexical }, content);
      return this.opaque(node);
    }
    if (type === 'list') return this.list(node, null) ?? this.opaque(node);
    if (type === 'codeblock' && (node.code === undefined || typeof node.code === 'string')) {
      // The code lives in the node's text; the payload keeps an empty `code` to hold its key's place.
      const code = typeof node.code === 'string' ? node.code : '';
      const payload = 'code' in node ? { ...node, code: '' } : node;
      return nodes.code_block.create({ name: 'code', payload }, code ? this.schema.text(code) : null);
    }
    if (type === 'image') return nodes.image.create({ name: 'image', payload: node });
    if (type === 'horizontalrule') return nodes.divider.create({ name: 'hr', payload: node });
    if (type === 'html') return nodes.html_card.create({ name: 'html', payload: node });
    if (type === 'markdown') return nodes.markdown_card.create({ name: 'markdown', payload: node });
    return this.opaque(node);
  }

  private opaque(node: Payload): PMNode {
    return this.schema.nodes.unknown_card.create({ name: node.type, payload: node });
  }

  /**
   * A list, or null when it is not shaped as lexical's list plugin shapes one: items of inline content,
   * a nested list alone in the item after the one it belongs to.
   */
  private list(node: Payload, item: Payload | null): PMNode | null {
    const nodes = this.schema.nodes;
    if (!['bullet', 'number', 'check'].includes(node.listType as string) || !Array.isArray(node.children ?? [])) return null;
    const items: PMNode[] = [];
    for (const child of (node.children ?? []) as unknown[]) {
      if (!isObject(child) || child.type !== 'listitem' || !Array.isArray(child.children ?? [])) return null;
      const kids = (child.children ?? []) as unknown[];
      const isList = (kid: unknown) => isObject(kid) && kid.type === 'list';
      if (kids.length === 1 && isList(kids[0])) {
        const previous = items.pop();
        const nested = previous ? this.list(kids[0] as Payload, own(child)) : null;
        if (!previous || !nested) return null;
        items.push(nodes.list_item.create(previous.attrs, previous.content.addToEnd(nested)));
        continue;
      }
      const content = kids.some(isList) ? null : this.inline(kids, []);
      if (!content) return null;
      items.push(nodes.list_item.create({ lexical: own(child) }, nodes.paragraph.create(null, content)));
    }
    if (items.length === 0) return null;
    const type = node.listType === 'number' ? nodes.ordered_list : nodes.bullet_list;
    return type.create({ lexical: own(node), lexicalItem: item }, items);
  }

  /** Inline content; null when a child is not a node at all (the block is then kept as it is). */
  private inline(children: readonly unknown[], link: readonly Mark[]): PMNode[] | null {
    const nodes = this.schema.nodes;
    const out: PMNode[] = [];
    for (const child of children) {
      if (!isObject(child) || typeof child.type !== 'string') return null;
      const text = this.text(child, link);
      if (text !== undefined) {
        // lexical drops empty text nodes when it loads a document
        if (text) out.push(text);
        continue;
      }
      if (child.type === 'linebreak' && JSON.stringify(child) === '{"type":"linebreak","version":1}') {
        out.push(nodes.hard_break.create(null, null, link));
        continue;
      }
      if (child.type === 'link' && link.length === 0 && typeof child.url === 'string' && Array.isArray(child.children)) {
        let mark = this.schema.marks.link.create({ href: child.url, lexical: { ...own(child), url: '' } });
        const before = out.length > 0 ? out[out.length - 1].marks.find((m) => m.type === mark.type) : undefined;
        if (before?.eq(mark)) mark = mark.type.create({ ...mark.attrs, apart: 1 - (before.attrs.apart as number) });
        const inner = this.inline(child.children, [mark]);
        if (inner && inner.length > 0) {
          out.push(...inner);
          continue;
        }
      }
      out.push(nodes.unknown_atom.create({ name: child.type, text: plainText(child), payload: child }, null, link));
    }
    return out;
  }

  /** A text node the editor can edit as text (null for an empty one), or undefined for any other node. */
  private text(node: Payload, link: readonly Mark[]): PMNode | null | undefined {
    if ((node.type !== 'text' && node.type !== TEXT_TYPE) || typeof node.text !== 'string') return undefined;
    const format = node.format ?? 0;
    if (typeof format !== 'number' || !Number.isInteger(format) || format < 0 || format > ALL_FORMATS) return undefined;
    if (node.text === '') return null;
    const { marks } = this.schema;
    let set: readonly Mark[] = link;
    for (const [bit, name, tag] of FORMAT_MARKS) {
      if (format & bit) set = (tag ? marks.markup.create({ tag }) : marks[name].create()).addToSet(set);
    }
    const props = { ...node, format: 0, text: '' };
    if (JSON.stringify(props) !== JSON.stringify(canonicalText('', 0))) set = marks.lexical_text.create({ props }).addToSet(set);
    return this.schema.text(node.text, set);
  }
}

/** What an opaque inline node shows: its text, or its children's. */
function plainText(node: Payload): string {
  if (typeof node.text === 'string') return node.text;
  return Array.isArray(node.children) ? node.children.map((child) => (isObject(child) ? plainText(child) : '')).join('') : '';
}

/** Reads a lexical document (JSON string or object) into an editor document of `schema`. */
export function fromLexical(lexical: string | object, schema: Schema): PMNode {
  let raw: unknown = lexical;
  if (typeof lexical === 'string') {
    try {
      raw = JSON.parse(lexical);
    } catch (error) {
      throw new LexicalMappingError(`lexical is not valid JSON: ${(error as Error).message}`);
    }
  }
  if (!isObject(raw) || !isObject(raw.root) || raw.root.type !== 'root' || !Array.isArray(raw.root.children)) {
    throw new LexicalMappingError('lexical must be an object with a root holding a list of children');
  }
  return new Reader(schema).document(raw as Payload & { root: Payload & { children: unknown[] } });
}

// ---------------------------------------------------------------------------------------------------
// editor → lexical

const direction = (node: PMNode): string | null => (node.textContent === '' ? null : 'ltr');

/** An element as the editor writes it, or as it was read with its children and `fields` replaced. */
function element(stored: unknown, node: PMNode, type: string, children: Payload[], fields: Payload = {}, indent = 0): Payload {
  if (isObject(stored)) return { ...stored, children, type, ...fields };
  return { children, direction: direction(node), format: '', indent, type, version: 1, ...fields };
}

function storedType(stored: unknown, allowed: ReadonlySet<string>, fallback: string): string {
  return isObject(stored) && allowed.has(stored.type as string) ? (stored.type as string) : fallback;
}

function formatOf(marks: readonly Mark[]): number {
  let format = 0;
  for (const mark of marks) {
    const entry = FORMAT_MARKS.find(([, name, tag]) => name === mark.type.name && (!tag || (tag === mark.attrs.tag && !mark.attrs.attributes)));
    if (entry) format |= entry[0];
  }
  return format;
}

function textNode(node: PMNode): Payload {
  const format = formatOf(node.marks);
  const props = node.marks.find((mark) => mark.type.name === 'lexical_text')?.attrs.props as Payload | undefined;
  return props ? { ...props, format, text: node.text ?? '' } : canonicalText(node.text ?? '', format);
}

function inlineNode(node: PMNode): Payload {
  if (node.isText) return textNode(node);
  if (node.type.name === 'hard_break') return { type: 'linebreak', version: 1 };
  const payload = node.attrs.payload as Payload;
  if (node.type.name === 'unknown_atom' && typeof payload.type === 'string') return payload;
  throw new LexicalMappingError(`a “${node.attrs.name ?? node.type.name}” atom has no lexical form`);
}

function linkNode(mark: Mark, children: Payload[], texts: string): Payload {
  const stored = mark.attrs.lexical as Payload | null;
  if (stored) return { ...stored, children, url: mark.attrs.href };
  // a link made elsewhere (mobiledoc's rel/target pairs) keeps those
  const rest = mark.attrs.rest as string[];
  const pair = (name: string) => {
    const at = rest.findIndex((value, i) => i % 2 === 0 && value === name);
    return at >= 0 ? rest[at + 1] : null;
  };
  const dir = texts === '' ? null : 'ltr';
  return {
    children,
    direction: dir,
    format: '',
    indent: 0,
    type: 'link',
    version: 1,
    rel: pair('rel'),
    target: pair('target'),
    title: pair('title'),
    url: mark.attrs.href,
  };
}

/** A textblock's inline content: runs under one link mark become one link node. */
function inline(block: PMNode): Payload[] {
  const out: Payload[] = [];
  let run: { mark: Mark; children: Payload[]; text: string } | null = null;
  const flush = () => {
    if (run) out.push(linkNode(run.mark, run.children, run.text));
    run = null;
  };
  block.forEach((child) => {
    const link = child.marks.find((mark) => mark.type.name === 'link');
    if (!link || !run || !run.mark.eq(link)) flush();
    if (!link) {
      out.push(inlineNode(child));
      return;
    }
    run ??= { mark: link, children: [], text: '' };
    run.children.push(inlineNode(child));
    run.text += child.textContent;
  });
  flush();
  return out;
}

/** lexical's list item values: from the list's start, the items that only hold a nested list not counted. */
function listNode(list: PMNode, depth: number): Payload {
  const stored = list.attrs.lexical as Payload | null;
  const ordered = list.type.name === 'ordered_list';
  const listType = ordered ? 'number' : stored?.listType === 'check' ? 'check' : 'bullet';
  const start = typeof stored?.start === 'number' ? stored.start : 1;
  const items: Payload[] = [];
  let value = start;
  list.forEach((item) => {
    const storedItem = item.attrs.lexical as Payload | null;
    const fresh = listType === 'check' ? { checked: false, value } : { value };
    items.push(element(storedItem, item, 'listitem', inline(item.firstChild as PMNode), isObject(storedItem) ? { value } : fresh, depth));
    value++;
    item.forEach((nested, _offset, index) => {
      if (index === 0) return;
      const wrapper = nested.attrs.lexicalItem as Payload | null;
      const children = [listNode(nested, depth + 1)];
      items.push(
        wrapper
          ? { ...wrapper, children, type: 'listitem', value }
          : { children, direction: null, format: '', indent: depth, type: 'listitem', version: 1, value },
      );
    });
  });
  return element(stored, list, 'list', items, { listType, start, tag: ordered ? 'ol' : 'ul' });
}

/** A card written from its payload as read, or made from what the editor (or a mobiledoc post) gave it. */
function cardNode(type: string, payload: Payload, fields: Payload = {}): Payload {
  if (payload.type === type) return { ...payload, ...fields };
  const fresh: Record<string, Payload> = {
    image: { src: '', width: null, height: null, title: '', alt: '', caption: '', cardWidth: 'regular', href: '' },
    codeblock: { code: '', language: '', caption: '' },
    horizontalrule: {},
    html: { html: '' },
    markdown: { markdown: '' },
  };
  return { type, version: 1, ...fresh[type], ...payload, ...fields };
}

function block(node: PMNode): Payload {
  const stored = node.attrs.lexical as unknown;
  switch (node.type.name) {
    case 'paragraph':
      return element(stored, node, 'paragraph', inline(node));
    case 'heading':
      return element(stored, node, storedType(stored, HEADING_TYPES, 'extended-heading'), inline(node), { tag: `h${node.attrs.level}` });
    case 'blockquote':
      return element(stored, node, node.attrs.tag === 'aside' ? 'aside' : storedType(stored, QUOTE_TYPES, 'extended-quote'), inline(node));
    case 'bullet_list':
    case 'ordered_list':
      return listNode(node, 0);
    case 'code_block':
      return cardNode('codeblock', node.attrs.payload, { code: node.textContent });
    case 'image_section':
      return cardNode('image', { src: node.attrs.src });
    case 'unknown_card':
      if (node.attrs.payload.type === node.attrs.name) return node.attrs.payload;
      break;
    default: {
      const type = CARD_TYPES[node.attrs.name as string];
      if (type && node.isAtom && 'payload' in node.attrs) return cardNode(type, node.attrs.payload);
    }
  }
  throw new LexicalMappingError(`a “${node.attrs.name ?? node.type.name}” block has no lexical form`);
}

/**
 * Writes an editor document as a lexical document (the object). Every block is written, the empty
 * paragraph where the cursor waits at the end included: the reference's editor keeps it too, and its
 * renderer (lib/content/lexical/render.ts) leaves one out.
 */
export function toLexicalObject(doc: PMNode): { root: Payload } {
  const children: Payload[] = [];
  doc.forEach((node) => children.push(block(node)));
  const stored = doc.attrs.lexical as Payload | null;
  if (stored && isObject(stored.root)) return { ...stored, root: { ...stored.root, children } };
  return { root: { children, direction: children.length > 0 ? 'ltr' : null, format: '', indent: 0, type: 'root', version: 1 } };
}

/** The JSON string the Admin API stores in a post's `lexical`. */
export function toLexical(doc: PMNode): string {
  return JSON.stringify(toLexicalObject(doc));
}
