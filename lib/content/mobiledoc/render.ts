import { attrs, escapeAttr } from '../escape';
import { safeUrl } from '../url';
import { cardRenderer, type CardContext } from './cards';
import { HeadingIds } from './heading-ids';
import type { ResponsiveImages } from '../responsive-images';
import { markersText, renderMarkers } from './markers';
import { LIST_SECTION_TAGS, MARKUP_SECTION_TAGS, SECTION_ATTRIBUTES } from './tags';
import { CARD_SECTION, IMAGE_SECTION, LIST_SECTION, MARKUP_SECTION, type Marker, type Mobiledoc, type Section } from '../types';

const HEADING = /^h[1-6]$/;

function sectionAttributes(list: readonly string[] | undefined): string {
  if (!list) return '';
  let out = '';
  for (let i = 0; i + 1 < list.length; i += 2) {
    const name = String(list[i]).toLowerCase();
    if (SECTION_ATTRIBUTES.has(name)) out += ` ${name}="${escapeAttr(String(list[i + 1]))}"`;
  }
  return out;
}

function markupSection(tagName: string, markers: Marker[], attributes: string[] | undefined, doc: Mobiledoc, context: CardContext): string {
  const tag = String(tagName).toLowerCase();
  if (!MARKUP_SECTION_TAGS.has(tag)) return '';
  const id = HEADING.test(tag) ? context.headingIds.next(markersText(markers, doc)) : null;
  return `<${tag}${attrs([['id', id]])}${sectionAttributes(attributes)}>${renderMarkers(markers, doc)}</${tag}>`;
}

function listSection(tagName: string, items: Marker[][], attributes: string[] | undefined, doc: Mobiledoc): string {
  const tag = String(tagName).toLowerCase();
  if (!LIST_SECTION_TAGS.has(tag)) return '';
  const body = items.map((item) => `<li>${renderMarkers(item, doc)}</li>`).join('');
  return `<${tag}${sectionAttributes(attributes)}>${body}</${tag}>`;
}

function section(value: Section, doc: Mobiledoc, context: CardContext): string {
  switch (value[0]) {
    case MARKUP_SECTION:
      return markupSection(value[1], value[2] ?? [], value[3], doc, context);
    case LIST_SECTION:
      return listSection(value[1], value[2] ?? [], value[3], doc);
    case IMAGE_SECTION: {
      const src = safeUrl(value[1]);
      return src ? `<img${attrs([['src', src]])}>` : '';
    }
    case CARD_SECTION: {
      const card = doc.cards[value[1]];
      const render = card && cardRenderer(card[0]);
      return render ? render(card[1] ?? {}, context) : '';
    }
    default:
      return '';
  }
}

/**
 * Renders a document that has been through parseMobiledoc. Sections are concatenated without
 * separators, as Ghost does; unknown sections, tags and cards contribute nothing.
 */
export function renderMobiledoc(doc: Mobiledoc, options: { images?: ResponsiveImages } = {}): string {
  // Tolerate hand-built documents that leave out the lists they do not use.
  const complete: Mobiledoc = { ...doc, atoms: doc.atoms ?? [], cards: doc.cards ?? [], markups: doc.markups ?? [] };
  const context: CardContext = { headingIds: new HeadingIds(doc.ghostVersion), images: options.images };
  let html = '';
  for (const value of doc.sections ?? []) html += section(value, complete, context);
  return html;
}
