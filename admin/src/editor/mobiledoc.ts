import { Fragment, Mark, type Node as PMNode, type NodeType, type Schema } from 'prosemirror-model';
import type { AtomTuple, CardTuple, Marker, MarkupTuple, Mobiledoc, Section } from '../../../lib/content/types';
import type { Payload } from './schema';

/**
 * The mapping between the editor's document and mobiledoc 0.3, as Ghost and the server use it.
 *
 * toMobiledoc is canonical: markups, atoms and cards are listed in order of first use, and a run of
 * text is split into markers only where its marks change, opening the longer-lasting mark first. So
 * `toMobiledoc(fromMobiledoc(toMobiledoc(doc)))` is byte-identical to `toMobiledoc(doc)`. A foreign
 * document (another client's marker splits, unused markups) may be written differently but means the
 * same; the editor keeps the original string until the user changes something (see index.ts).
 */

export type { Mobiledoc } from '../../../lib/content/types';

const TEXT_MARKER = 0;
const ATOM_MARKER = 1;
const MARKUP_SECTION = 1;
const IMAGE_SECTION = 2;
const LIST_SECTION = 3;
const CARD_SECTION = 10;
const SOFT_RETURN = 'soft-return';

/** Thrown by fromMobiledoc for input that is not a mobiledoc 0.3 document. */
export class MobiledocMappingError extends Error {
  override name = 'MobiledocMappingError';
}

const CARD_NODES: Readonly<Record<string, string>> = {
  image: 'image',
  code: 'code_block',
  hr: 'divider',
  html: 'html_card',
  markdown: 'markdown_card',
  'card-markdown': 'markdown_card',
};

function isObject(value: unknown): value is Payload {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function stringList(value: unknown): string[] | null {
  return Array.isArray(value) && value.every((v) => typeof v === 'string') ? [...value] : null;
}

// ---------------------------------------------------------------------------------------------------
// mobiledoc → editor

/** A marker whose markup and atom indexes are replaced by the tuples themselves. */
type ResolvedMarker = [type: number, opens: MarkupTuple[], closes: number, value: string | AtomTuple];

class Reader {
  private readonly markCache = new Map<number, Mark>();

  constructor(
    private readonly schema: Schema,
    private readonly source: Mobiledoc,
  ) {}

  document(): PMNode {
    const blocks: PMNode[] = [];
    for (const section of this.source.sections) blocks.push(this.section(section));
    if (blocks.length === 0) blocks.push(this.schema.nodes.paragraph.create());
    const attrs = { version: this.source.version, ghostVersion: this.source.ghostVersion ?? null };
    const doc = this.schema.nodes.doc.create(attrs, blocks);
    doc.check();
    return doc;
  }

  private section(section: Section): PMNode {
    const nodes = this.schema.nodes;
    switch (section[0]) {
      case MARKUP_SECTION: {
        const [, tag, markers, attributes] = section;
        const type = this.markupSectionType(tag);
        if (!type) return this.unknownSection(section);
        const attrs: Record<string, unknown> = { ...type.attrs, attributes: attributes ?? null };
        return type.type.create(attrs, this.inline(markers));
      }
      case LIST_SECTION: {
        const [, tag, items, attributes] = section;
        const type = tag === 'ul' ? nodes.bullet_list : tag === 'ol' ? nodes.ordered_list : null;
        if (!type || items.length === 0) return this.unknownSection(section);
        const listItems = items.map((markers) => nodes.list_item.create(null, nodes.paragraph.create(null, this.inline(markers))));
        return type.create({ attributes: attributes ?? null }, listItems);
      }
      case IMAGE_SECTION:
        return nodes.image_section.create({ src: section[1] });
      case CARD_SECTION: {
        const [name, payload] = this.source.cards[section[1]];
        const type = CARD_NODES[name];
        if (type === 'code_block') {
          // The code lives in the node's text; the payload keeps an empty `code` to hold its key's place.
          const code = typeof payload.code === 'string' ? payload.code : '';
          const rest = 'code' in payload && typeof payload.code === 'string' ? { ...payload, code: '' } : payload;
          return nodes.code_block.create({ name, payload: rest }, code ? this.schema.text(code) : null);
        }
        return nodes[type ?? 'unknown_card'].create({ name, payload });
      }
      default:
        return this.unknownSection(section);
    }
  }

  private markupSectionType(tag: string): { type: NodeType; attrs: Record<string, unknown> } | null {
    const nodes = this.schema.nodes;
    if (tag === 'p') return { type: nodes.paragraph, attrs: {} };
    if (tag === 'blockquote' || tag === 'aside') return { type: nodes.blockquote, attrs: { tag } };
    const heading = /^h([1-6])$/.exec(tag);
    return heading ? { type: nodes.heading, attrs: { level: Number(heading[1]) } } : null;
  }

  private inline(markers: readonly Marker[]): Fragment {
    const open: number[] = [];
    const nodes: PMNode[] = [];
    for (const [type, opens, closes, value] of markers) {
      open.push(...opens);
      // addToSet, not setFrom: a markup opened twice (or two links) must still give a valid mark set.
      const marks = canonicalMarks(open.reduce<readonly Mark[]>((set, index) => this.mark(index).addToSet(set), Mark.none));
      if (type === TEXT_MARKER) {
        if (value !== '') nodes.push(this.schema.text(String(value), marks));
      } else {
        nodes.push(this.atom(this.source.atoms[value as number]).mark(marks));
      }
      open.splice(Math.max(0, open.length - closes), closes);
    }
    return Fragment.fromArray(nodes);
  }

  private atom([name, text, payload]: AtomTuple): PMNode {
    if (name === SOFT_RETURN) return this.schema.nodes.hard_break.create();
    return this.schema.nodes.unknown_atom.create({ name, text, payload });
  }

  private mark(index: number): Mark {
    let mark = this.markCache.get(index);
    if (!mark) {
      mark = markFromMarkup(this.schema, this.source.markups[index]);
      this.markCache.set(index, mark);
    }
    return mark;
  }

  private unknownSection(section: Section): PMNode {
    return this.schema.nodes.unknown_section.create({ section: this.resolve(section) });
  }

  /** Replaces indexes by the tuples they point at, so the section can live in a rewritten document. */
  private resolve(section: Section): unknown[] {
    const markers = (list: readonly Marker[]): ResolvedMarker[] =>
      list.map(([type, opens, closes, value]) => [
        type,
        opens.map((i) => this.source.markups[i]),
        closes,
        type === ATOM_MARKER ? this.source.atoms[value as number] : value,
      ]);
    if (section[0] === MARKUP_SECTION) return [section[0], section[1], markers(section[2]), ...section.slice(3)];
    if (section[0] === LIST_SECTION) return [section[0], section[1], section[2].map(markers), ...section.slice(3)];
    return [...section];
  }
}

/** A mark type's place in the schema, which is the order ProseMirror keeps mark sets in. */
function rankOf(mark: Mark): number {
  return Object.keys(mark.type.schema.marks).indexOf(mark.type.name);
}

function markKey(mark: Mark): string {
  return JSON.stringify(markupOf(mark));
}

/**
 * Marks of one type that may repeat (other markups: u, sup…) sit in a set in the order they were
 * added; reading puts them in one order so equal content gives equal documents.
 */
function canonicalMarks(set: readonly Mark[]): readonly Mark[] {
  return [...set].sort((a, b) => rankOf(a) - rankOf(b) || (markKey(a) < markKey(b) ? -1 : markKey(a) > markKey(b) ? 1 : 0));
}

function markFromMarkup(schema: Schema, [tag, attributes]: MarkupTuple): Mark {
  const marks = schema.marks;
  if (attributes === undefined || attributes.length === 0) {
    // A bare markup written with an empty list (["b", []]) is read as bare; only foreign documents do that.
    if (tag === 'strong' || tag === 'b') return marks.strong.create({ tag });
    if (tag === 'em' || tag === 'i') return marks.em.create({ tag });
    if (tag === 's') return marks.strike.create();
    if (tag === 'code') return marks.code.create();
  }
  if (tag === 'a' && attributes) {
    const hrefAt = attributes.findIndex((name, i) => i % 2 === 0 && name === 'href');
    // The editor writes href first; a foreign order is read the same and written href-first.
    if (hrefAt >= 0) {
      const rest = [...attributes.slice(0, hrefAt), ...attributes.slice(hrefAt + 2)];
      return marks.link.create({ href: attributes[hrefAt + 1], rest });
    }
  }
  return marks.markup.create({ tag, attributes: attributes ?? null });
}

/**
 * Checks a document's shape (what the server's validator checks) and returns it with its optional
 * lists filled in. Anything not understood is an error rather than a guess, so nothing is dropped.
 */
function validate(raw: unknown): Mobiledoc {
  const fail = (message: string): never => {
    throw new MobiledocMappingError(`mobiledoc ${message}`);
  };
  if (!isObject(raw)) return fail('must be a JSON object');
  if (typeof raw.version !== 'string' || !/^0\.3\.\d+$/.test(raw.version)) fail('version must be 0.3.x');
  if (!Array.isArray(raw.sections)) fail('sections must be an array');
  const list = (key: string): unknown[] => {
    const value = raw[key] ?? [];
    return Array.isArray(value) ? value : fail(`${key} must be an array`);
  };
  const markups = list('markups').map((value, i): MarkupTuple => {
    const m = value as unknown[];
    if (!Array.isArray(m) || typeof m[0] !== 'string') fail(`markup ${i} must be [tagName, attributes?]`);
    if (m[1] === undefined) return [m[0] as string];
    return [m[0] as string, stringList(m[1]) ?? fail(`markup ${i} attributes must be strings`)];
  });
  const atoms = list('atoms').map((value, i): AtomTuple => {
    const a = value as unknown[];
    if (!Array.isArray(a) || typeof a[0] !== 'string' || typeof a[1] !== 'string') fail(`atom ${i} must be [name, text, payload]`);
    return [a[0] as string, a[1] as string, isObject(a[2]) ? a[2] : {}];
  });
  const cards = list('cards').map((value, i): CardTuple => {
    const c = value as unknown[];
    if (!Array.isArray(c) || typeof c[0] !== 'string') fail(`card ${i} must be [name, payload]`);
    return [c[0] as string, isObject(c[1]) ? c[1] : {}];
  });
  const markerList = (value: unknown, where: string): Marker[] => {
    if (!Array.isArray(value)) fail(`${where} markers must be an array`);
    return (value as unknown[]).map((m, k): Marker => {
      const bad = () => fail(`${where} marker ${k} is malformed`);
      if (!Array.isArray(m) || m.length !== 4 || !Array.isArray(m[1]) || !Number.isInteger(m[2]) || m[2] < 0) bad();
      const [type, opens, closes, value] = m as [unknown, unknown[], number, unknown];
      if (!opens.every((o) => Number.isInteger(o) && (o as number) >= 0 && (o as number) < markups.length)) bad();
      if (type === TEXT_MARKER && typeof value === 'string') return [TEXT_MARKER, opens as number[], closes, value];
      if (type === ATOM_MARKER && Number.isInteger(value) && (value as number) >= 0 && (value as number) < atoms.length) {
        return [ATOM_MARKER, opens as number[], closes, value as number];
      }
      return bad();
    });
  };
  const sections = (raw.sections as unknown[]).map((s, i): Section => {
    const where = `section ${i}`;
    if (!Array.isArray(s)) fail(`${where} must be an array`);
    const section = s as unknown[];
    const attributes = section[3] === undefined ? [] : [stringList(section[3]) ?? fail(`${where} attributes must be strings`)];
    switch (section[0]) {
      case MARKUP_SECTION:
        if (typeof section[1] !== 'string') fail(`${where} has no tag name`);
        return [MARKUP_SECTION, section[1] as string, markerList(section[2], where), ...attributes] as Section;
      case LIST_SECTION:
        if (typeof section[1] !== 'string' || !Array.isArray(section[2])) fail(`${where} must be [3, tagName, items]`);
        return [
          LIST_SECTION,
          section[1] as string,
          (section[2] as unknown[]).map((item, n) => markerList(item, `${where} item ${n}`)),
          ...attributes,
        ] as Section;
      case IMAGE_SECTION:
        if (typeof section[1] !== 'string') fail(`${where} must be [2, src]`);
        return [IMAGE_SECTION, section[1] as string];
      case CARD_SECTION:
        if (!Number.isInteger(section[1]) || (section[1] as number) < 0 || (section[1] as number) >= cards.length) {
          fail(`${where} references a card that does not exist`);
        }
        return [CARD_SECTION, section[1] as number];
      default:
        // Kept verbatim as an unknown section; the server would refuse it, but it is not ours to drop.
        return section as unknown as Section;
    }
  });
  const doc: Mobiledoc = { version: raw.version as string, atoms, cards, markups, sections };
  if (typeof raw.ghostVersion === 'string') doc.ghostVersion = raw.ghostVersion;
  return doc;
}

/** Reads a mobiledoc document (object or JSON string) into an editor document of `schema`. */
export function fromMobiledoc(mobiledoc: Mobiledoc | string, schema: Schema): PMNode {
  let raw: unknown = mobiledoc;
  if (typeof mobiledoc === 'string') {
    try {
      raw = JSON.parse(mobiledoc);
    } catch (error) {
      throw new MobiledocMappingError(`mobiledoc is not valid JSON: ${(error as Error).message}`);
    }
  }
  return new Reader(schema, validate(raw)).document();
}

// ---------------------------------------------------------------------------------------------------
// editor → mobiledoc

class Writer {
  readonly markups: MarkupTuple[] = [];
  readonly atoms: AtomTuple[] = [];
  readonly cards: CardTuple[] = [];
  private readonly markupIndex = new Map<string, number>();

  section(node: PMNode): Section {
    switch (node.type.name) {
      case 'paragraph':
        return this.markupSection('p', node);
      case 'heading':
        return this.markupSection(`h${node.attrs.level}`, node);
      case 'blockquote':
        return this.markupSection(node.attrs.tag, node);
      case 'bullet_list':
      case 'ordered_list': {
        const items: Marker[][] = [];
        // mobiledoc lists do not nest: a nested list's items follow their parent item
        const flatten = (list: PMNode): void =>
          list.forEach((item) => item.forEach((child, _offset, index) => (index === 0 ? items.push(this.markers(child)) : flatten(child))));
        flatten(node);
        const tag = node.type.name === 'bullet_list' ? 'ul' : 'ol';
        return withAttributes([LIST_SECTION, tag, items], node.attrs.attributes);
      }
      case 'code_block':
        return this.card(node.attrs.name, { ...node.attrs.payload, code: node.textContent });
      case 'image_section':
        return [IMAGE_SECTION, node.attrs.src];
      case 'unknown_section':
        return this.unresolve(node.attrs.section);
      default:
        if (node.isAtom && 'payload' in node.attrs) return this.card(node.attrs.name, node.attrs.payload);
        throw new MobiledocMappingError(`no mobiledoc section for a ${node.type.name} node`);
    }
  }

  private card(name: string, payload: Payload): Section {
    this.cards.push([name, payload]);
    return [CARD_SECTION, this.cards.length - 1];
  }

  private markupSection(tag: string, node: PMNode): Section {
    return withAttributes([MARKUP_SECTION, tag, this.markers(node)], node.attrs.attributes);
  }

  private markupFor(mark: Mark): number {
    const tuple = markupOf(mark);
    const key = JSON.stringify(tuple);
    let index = this.markupIndex.get(key);
    if (index === undefined) {
      index = this.markups.push(tuple) - 1;
      this.markupIndex.set(key, index);
    }
    return index;
  }

  private atomFor(node: PMNode): number {
    const tuple: AtomTuple = node.type.name === 'hard_break' ? [SOFT_RETURN, '', {}] : [node.attrs.name, node.attrs.text, node.attrs.payload];
    return this.atoms.push(tuple) - 1;
  }

  /**
   * Markers for a textblock. Marks stay open while the next node keeps them; a mark the next node
   * drops closes it and everything opened after it. New marks open longest-lasting first, so a link
   * around partly bold text is one link markup rather than two.
   */
  private markers(block: PMNode): Marker[] {
    const children: PMNode[] = [];
    // a lexical text node's own fields (schema.ts, lexical_text) have no mobiledoc markup
    block.forEach((child) => children.push(child.mark(child.marks.filter((mark) => mark.type.name !== 'lexical_text'))));
    const markers: Marker[] = [];
    const stack: Mark[] = [];
    children.forEach((child, i) => {
      const keep = stack.findIndex((mark) => !mark.isInSet(child.marks));
      if (keep >= 0) {
        markers[markers.length - 1][2] += stack.length - keep;
        stack.length = keep;
      }
      const opening = child.marks.filter((mark) => !mark.isInSet(stack));
      const reach = (mark: Mark) => {
        let j = i + 1;
        while (j < children.length && mark.isInSet(children[j].marks)) j++;
        return j;
      };
      // Equal reach: schema rank, then the markup itself, so the order never depends on how the set was built.
      const ordered = opening
        .map((mark) => ({ mark, reach: reach(mark), key: markKey(mark) }))
        .sort((a, b) => b.reach - a.reach || rankOf(a.mark) - rankOf(b.mark) || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
      const opens = ordered.map(({ mark }) => this.markupFor(mark));
      stack.push(...ordered.map(({ mark }) => mark));
      markers.push(child.isText ? [TEXT_MARKER, opens, 0, child.text ?? ''] : [ATOM_MARKER, opens, 0, this.atomFor(child)]);
    });
    if (markers.length > 0) markers[markers.length - 1][2] += stack.length;
    return markers;
  }

  private unresolve(section: unknown[]): Section {
    const markers = (list: ResolvedMarker[]): Marker[] =>
      list.map(([type, opens, closes, value]): Marker => {
        const indexes = opens.map((tuple) => this.markupForTuple(tuple));
        return type === ATOM_MARKER ? [ATOM_MARKER, indexes, closes, this.atoms.push(value as AtomTuple) - 1] : [TEXT_MARKER, indexes, closes, value as string];
      });
    if (section[0] === MARKUP_SECTION) return [MARKUP_SECTION, section[1], markers(section[2] as ResolvedMarker[]), ...section.slice(3)] as Section;
    if (section[0] === LIST_SECTION) {
      return [LIST_SECTION, section[1], (section[2] as ResolvedMarker[][]).map(markers), ...section.slice(3)] as Section;
    }
    return [...section] as Section;
  }

  private markupForTuple(tuple: MarkupTuple): number {
    const key = JSON.stringify(tuple);
    let index = this.markupIndex.get(key);
    if (index === undefined) {
      index = this.markups.push(tuple) - 1;
      this.markupIndex.set(key, index);
    }
    return index;
  }
}

function withAttributes<T extends Section>(section: T, attributes: string[] | null): T {
  return (attributes ? [...section, attributes] : section) as T;
}

/** The mobiledoc markup a mark is written as. */
function markupOf(mark: Mark): MarkupTuple {
  switch (mark.type.name) {
    case 'link':
      return ['a', ['href', mark.attrs.href, ...mark.attrs.rest]];
    case 'strong':
    case 'em':
      return [mark.attrs.tag];
    case 'strike':
      return ['s'];
    case 'code':
      return ['code'];
    default:
      return mark.attrs.attributes ? [mark.attrs.tag, mark.attrs.attributes] : [mark.attrs.tag];
  }
}

function isBlankParagraph(node: PMNode | null): boolean {
  return !!node && node.type.name === 'paragraph' && node.content.size === 0 && !node.attrs.attributes;
}

/** True for the document a new post starts with: one empty paragraph. */
export function isEmptyDocument(doc: PMNode): boolean {
  return doc.childCount === 1 && isBlankParagraph(doc.firstChild);
}

/**
 * The blocks that are written: empty paragraphs at the end are where the cursor waits after a card
 * or the last line, not content, so they are left out (and an empty document has no sections).
 */
function writtenBlocks(doc: PMNode): PMNode[] {
  const blocks: PMNode[] = [];
  doc.forEach((node) => blocks.push(node));
  while (blocks.length > 0 && isBlankParagraph(blocks[blocks.length - 1])) blocks.pop();
  return blocks;
}

/** True when the document has nothing that would be saved. */
export function hasNoContent(doc: PMNode): boolean {
  return writtenBlocks(doc).length === 0;
}

/**
 * Writes an editor document as mobiledoc, keys in the order the server's HTML import writes them:
 * version, ghostVersion (when the document has one), atoms, cards, markups, sections.
 */
export function toMobiledocObject(doc: PMNode): Mobiledoc {
  const writer = new Writer();
  const sections: Section[] = [];
  for (const node of writtenBlocks(doc)) sections.push(writer.section(node));
  const head: Pick<Mobiledoc, 'version' | 'ghostVersion'> = { version: doc.attrs.version };
  if (doc.attrs.ghostVersion !== null) head.ghostVersion = doc.attrs.ghostVersion;
  return { ...head, atoms: writer.atoms, cards: writer.cards, markups: writer.markups, sections };
}

/** The JSON string the Admin API stores in a post's `mobiledoc`. */
export function toMobiledoc(doc: PMNode): string {
  return JSON.stringify(toMobiledocObject(doc));
}
