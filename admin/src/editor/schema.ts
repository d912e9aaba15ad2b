import { Schema, type DOMOutputSpec, type Mark, type Node as PMNode } from 'prosemirror-model';

/**
 * The editor's document model, shaped after mobiledoc 0.3 rather than HTML: mobiledoc has no nested
 * blocks, so a quote is a textblock (a markup section) and a list item holds exactly one paragraph
 * (its markers). Cards keep their whole payload object as one attribute, so fields the editor does not
 * edit (a Ghost image's `cardWidth`, `href`, `title`…) survive in their original key order.
 */

export type Payload = Record<string, unknown>;

/**
 * Attributes a mobiledoc 0.3.2 section may carry (`["data-md-text-align", "center"]`), kept as found;
 * and for a lexical document, the element's own fields (direction, format, indent… with `children`
 * emptied), kept in their order so they are written back as read (see lexical.ts). Null when the
 * editor made the block.
 */
const sectionAttributes = { attributes: { default: null as string[] | null }, lexical: { default: null as Payload | null } };

/**
 * Foreign attribute lists reach the editor's DOM, so only inert names pass: `data-*` on sections,
 * rel/target on links (what the server renders, too).
 */
function attributePairs(list: readonly string[] | null, allowed: (name: string) => boolean): Record<string, string> {
  const out: Record<string, string> = {};
  if (!list) return out;
  for (let i = 0; i + 1 < list.length; i += 2) {
    const name = String(list[i]).toLowerCase();
    if (allowed(name)) out[name] = String(list[i + 1]);
  }
  return out;
}

const dataAttribute = (name: string) => /^data-[a-z0-9-]+$/.test(name);
const linkAttribute = (name: string) => name === 'rel' || name === 'target';
const sectionDom = (list: readonly string[] | null) => attributePairs(list, dataAttribute);

/** What the editor's DOM may link to; anything else (javascript:, data:) shows as a link to nowhere. */
export function safeHref(href: string): string | null {
  const value = href.trim();
  return /^(https?:|mailto:|tel:|#|\/)/i.test(value) || !/^[a-z][a-z0-9+.-]*:/i.test(value) ? value : null;
}

function cardDom(name: string, payload: Payload, ...content: DOMOutputSpec[]): DOMOutputSpec {
  return [
    'div',
    { class: `pr-card pr-card--${name.toLowerCase().replace(/[^a-z0-9-]/g, '-')}`, 'data-pr-card': name, 'data-pr-payload': JSON.stringify(payload) },
    ...content,
  ];
}

function cardFromDom(dom: HTMLElement | string): { name: string; payload: Payload } | false {
  if (typeof dom === 'string') return false;
  try {
    const payload: unknown = JSON.parse(dom.getAttribute('data-pr-payload') ?? '');
    if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return false;
    return { name: dom.getAttribute('data-pr-card') ?? '', payload: payload as Payload };
  } catch {
    return false;
  }
}

function text(payload: Payload, key: string): string {
  const value = payload[key];
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

/** Pasted <img> elements become image cards (a figure's caption is not carried over). */
function withImageParsing<T extends { parseDOM: object[] }>(spec: T): T {
  const fromImg = {
    tag: 'img[src]',
    getAttrs: (dom: HTMLElement | string) => {
      if (typeof dom === 'string') return false;
      const src = dom.getAttribute('src') ?? '';
      return src ? { name: 'image', payload: { src, alt: dom.getAttribute('alt') ?? '', caption: '' } } : false;
    },
  };
  return { ...spec, parseDOM: [...spec.parseDOM, fromImg] };
}

/** A card node: an atom block whose attributes are the mobiledoc card name and payload. */
function cardNode(defaultName: string, names: readonly string[], view: (payload: Payload) => DOMOutputSpec[]) {
  return {
    group: 'block',
    atom: true,
    selectable: true,
    draggable: true,
    isolating: true,
    attrs: { name: { default: defaultName }, payload: { default: {} as Payload } },
    parseDOM: [
      {
        tag: 'div[data-pr-card]',
        getAttrs: (dom: HTMLElement | string) => {
          const card = cardFromDom(dom);
          return card && names.includes(card.name) ? card : false;
        },
      },
    ],
    toDOM: (node: PMNode): DOMOutputSpec => cardDom(node.attrs.name, node.attrs.payload, ...view(node.attrs.payload)),
  };
}

/** A list's attributes; `lexicalItem`, for a nested list, the fields of the lexical list item that holds it. */
const nestedListAttributes = { ...sectionAttributes, lexicalItem: { default: null as Payload | null } };

export const schema = new Schema({
  topNode: 'doc',
  nodes: {
    doc: {
      content: 'block+',
      // The document's own mobiledoc fields, written back as they were read.
      attrs: { version: { default: '0.3.1' }, ghostVersion: { default: null as string | null }, lexical: { default: null as Payload | null } },
    },
    paragraph: {
      group: 'block',
      content: 'inline*',
      attrs: sectionAttributes,
      parseDOM: [{ tag: 'p' }],
      toDOM: (node) => ['p', sectionDom(node.attrs.attributes), 0],
    },
    heading: {
      group: 'block',
      content: 'inline*',
      defining: true,
      attrs: { level: { default: 2 }, ...sectionAttributes },
      parseDOM: [1, 2, 3, 4, 5, 6].map((level) => ({ tag: `h${level}`, attrs: { level } })),
      toDOM: (node) => [`h${node.attrs.level}`, sectionDom(node.attrs.attributes), 0],
    },
    blockquote: {
      group: 'block',
      content: 'inline*',
      defining: true,
      // `aside` is Ghost's second quote style; both are markup sections.
      attrs: { tag: { default: 'blockquote' }, ...sectionAttributes },
      // Pasted quotes often hold paragraphs; their text joins the quote's one line of inline content.
      parseDOM: [{ tag: 'blockquote' }, { tag: 'aside', attrs: { tag: 'aside' } }, { tag: 'p', context: 'blockquote/', skip: true, priority: 60 }],
      toDOM: (node) => [node.attrs.tag === 'aside' ? 'aside' : 'blockquote', sectionDom(node.attrs.attributes), 0],
    },
    bullet_list: {
      group: 'block',
      content: 'list_item+',
      attrs: nestedListAttributes,
      parseDOM: [{ tag: 'ul' }],
      toDOM: (node) => ['ul', sectionDom(node.attrs.attributes), 0],
    },
    ordered_list: {
      group: 'block',
      content: 'list_item+',
      attrs: nestedListAttributes,
      parseDOM: [{ tag: 'ol' }],
      toDOM: (node) => ['ol', sectionDom(node.attrs.attributes), 0],
    },
    list_item: {
      // One paragraph, then the lists nested in the item (lexical nests them; mobiledoc.ts writes them flat).
      content: 'paragraph (bullet_list | ordered_list)*',
      defining: true,
      attrs: { lexical: { default: null as Payload | null } },
      parseDOM: [{ tag: 'li' }],
      toDOM: () => ['li', 0],
    },
    code_block: {
      group: 'block',
      content: 'text*',
      marks: '',
      code: true,
      defining: true,
      // The code card's payload; its `code` is the node's text, the rest (language, caption) kept here.
      attrs: { name: { default: 'code' }, payload: { default: {} as Payload } },
      parseDOM: [
        {
          tag: 'pre',
          preserveWhitespace: 'full',
          getAttrs: (dom) => {
            const language = (dom as HTMLElement).querySelector('code')?.className.match(/language-([\w#+.-]+)/)?.[1];
            return { payload: language ? { code: '', language } : { code: '' } };
          },
        },
      ],
      toDOM: (node) => {
        const language = text(node.attrs.payload, 'language');
        return ['pre', ['code', language ? { class: `language-${language}` } : {}, 0]];
      },
    },
    image: withImageParsing(
      cardNode('image', ['image'], (payload) => {
        const caption = text(payload, 'caption');
        const img: DOMOutputSpec = ['img', { src: text(payload, 'src'), alt: text(payload, 'alt') }];
        return [['figure', img, ...(caption ? [['figcaption', caption] as DOMOutputSpec] : [])]];
      }),
    ),
    divider: cardNode('hr', ['hr'], () => [['hr']]),
    html_card: cardNode('html', ['html'], (payload) => [['pre', text(payload, 'html')]]),
    markdown_card: cardNode('markdown', ['markdown', 'card-markdown'], (payload) => [['pre', text(payload, 'markdown')]]),
    unknown_card: {
      ...cardNode('unknown', [], (): DOMOutputSpec[] => []),
      parseDOM: [
        {
          tag: 'div[data-pr-card]',
          priority: 40,
          getAttrs: (dom: HTMLElement | string) => cardFromDom(dom),
        },
      ],
      toDOM: (node: PMNode): DOMOutputSpec => {
        // a lexical element the editor cannot edit (a list shaped oddly…) is kept this way too
        const kind = Array.isArray((node.attrs.payload as Payload).children) ? 'block' : 'card';
        return cardDom(node.attrs.name, node.attrs.payload, [
          'p',
          { class: 'pr-card__note' },
          `“${node.attrs.name}” ${kind} — not editable here, kept unchanged`,
        ]);
      },
    },
    /** Mobiledoc's own image section `[2, src]`, older than the image card. */
    image_section: {
      group: 'block',
      atom: true,
      selectable: true,
      draggable: true,
      attrs: { src: { default: '' } },
      parseDOM: [{ tag: 'div[data-pr-image-section]', getAttrs: (dom) => ({ src: (dom as HTMLElement).getAttribute('data-pr-image-section') ?? '' }) }],
      toDOM: (node) => ['div', { class: 'pr-card pr-card--image-section', 'data-pr-image-section': node.attrs.src }, ['img', { src: node.attrs.src, alt: '' }]],
    },
    /**
     * A section the editor cannot edit (an unknown section type or tag name), kept verbatim. Its markers
     * hold markup and atom tuples instead of indexes so the section can be written into a new document.
     */
    unknown_section: {
      group: 'block',
      atom: true,
      selectable: true,
      draggable: true,
      attrs: { section: { default: [] as unknown[] } },
      // The section travels through the clipboard in a data attribute, so copy and paste keep it.
      parseDOM: [
        {
          tag: 'div[data-pr-section]',
          getAttrs: (dom) => {
            try {
              const section: unknown = JSON.parse((dom as HTMLElement).getAttribute('data-pr-section') ?? '');
              return Array.isArray(section) && section.length > 0 ? { section } : false;
            } catch {
              return false;
            }
          },
        },
      ],
      toDOM: (node) => {
        const tag = typeof node.attrs.section[1] === 'string' ? `“${node.attrs.section[1]}” section` : 'A section';
        const attrs = { class: 'pr-card pr-card--unknown', 'data-pr-section': JSON.stringify(node.attrs.section) };
        return ['div', attrs, ['p', { class: 'pr-card__note' }, `${tag} — not editable here, kept unchanged`]];
      },
    },
    text: { group: 'inline' },
    hard_break: {
      group: 'inline',
      inline: true,
      selectable: false,
      parseDOM: [{ tag: 'br' }],
      toDOM: () => ['br'],
    },
    /** Any atom other than `soft-return`, kept with its name, text and payload. */
    unknown_atom: {
      group: 'inline',
      inline: true,
      atom: true,
      attrs: { name: { default: '' }, text: { default: '' }, payload: { default: {} as Payload } },
      toDOM: (node) => ['span', { class: 'pr-atom', 'data-atom': node.attrs.name, contenteditable: 'false' }, node.attrs.text],
    },
  },
  // Order is nesting rank: a link wraps bold text, not the other way round.
  marks: {
    link: {
      // `rest` holds the markup's other attribute pairs (rel, target…) in their order; `lexical`, a lexical
      // link node's fields other than children and url (rel, target, title…).
      // `apart` tells two neighbouring lexical links with the same fields apart (lexical keeps them two).
      attrs: { href: {}, rest: { default: [] as string[] }, lexical: { default: null as Payload | null }, apart: { default: 0 } },
      inclusive: false,
      parseDOM: [{ tag: 'a[href]', getAttrs: (dom) => ({ href: (dom as HTMLElement).getAttribute('href') }) }],
      toDOM: (mark) => {
        const href = safeHref(mark.attrs.href);
        const lexical = (mark.attrs.lexical ?? {}) as Payload;
        const pairs = [...mark.attrs.rest, ...['rel', 'target'].flatMap((name) => (typeof lexical[name] === 'string' ? [name, lexical[name] as string] : []))];
        return ['a', { ...attributePairs(pairs, linkAttribute), ...(href === null ? {} : { href }) }, 0];
      },
    },
    strong: {
      // `b` when a foreign document used it; the editor itself writes `strong`.
      attrs: { tag: { default: 'strong' } },
      parseDOM: [{ tag: 'strong' }, { tag: 'b', getAttrs: (dom) => ((dom as HTMLElement).style.fontWeight === 'normal' ? false : null) }],
      toDOM: (mark) => [mark.attrs.tag, 0],
    },
    em: {
      attrs: { tag: { default: 'em' } },
      parseDOM: [{ tag: 'em' }, { tag: 'i' }],
      toDOM: (mark) => [mark.attrs.tag, 0],
    },
    strike: {
      parseDOM: [{ tag: 's' }, { tag: 'del' }, { tag: 'strike' }],
      toDOM: () => ['s', 0],
    },
    code: {
      code: true,
      parseDOM: [{ tag: 'code' }],
      toDOM: () => ['code', 0],
    },
    /** Any other markup (u, sub, sup, or a tag this editor does not know), kept with its attributes. */
    markup: {
      attrs: { tag: {}, attributes: { default: null as string[] | null } },
      excludes: '',
      toDOM: (mark) => [KNOWN_MARKUP.has(mark.attrs.tag) ? mark.attrs.tag : 'span', { 'data-markup': mark.attrs.tag }, 0],
    },
    /**
     * A lexical text node's fields other than text and format when they are not what the editor writes
     * (another type, a style, a mode…), kept so they are written back; mobiledoc has nothing for them.
     */
    lexical_text: {
      attrs: { props: { default: {} as Payload } },
      toDOM: () => ['span', { class: 'pr-lexical-text' }, 0],
    },
  },
});

// What the server renders as formatting; any other markup renders as plain text there, so here too.
const KNOWN_MARKUP: ReadonlySet<string> = new Set(['u', 'sub', 'sup', 'mark']);

export type EditorSchema = typeof schema;

export function isCardNode(node: PMNode): boolean {
  return 'payload' in node.attrs && node.type !== schema.nodes.code_block;
}

export function linkOf(marks: readonly Mark[]): Mark | undefined {
  return marks.find((mark) => mark.type === schema.marks.link);
}
