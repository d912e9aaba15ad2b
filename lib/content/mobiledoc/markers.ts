import { attrs, escapeText } from '../escape';
import { safeUrl } from '../url';
import { MARKUP_ATTRIBUTES, MARKUP_TAGS } from './tags';
import { TEXT_MARKER, type AtomTuple, type Marker, type MarkupTuple, type Mobiledoc } from '../types';

const SOFT_RETURN = 'soft-return';

function openAndClose(markup: MarkupTuple | undefined): [string, string] {
  const tag = markup?.[0]?.toLowerCase();
  // Unknown markups keep their text and lose only the formatting.
  if (!tag || !MARKUP_TAGS.has(tag)) return ['', ''];
  const allowed = MARKUP_ATTRIBUTES[tag];
  const pairs: Array<[string, string | null]> = [];
  const list = markup?.[1] ?? [];
  if (allowed) {
    for (let i = 0; i + 1 < list.length; i += 2) {
      const name = String(list[i]).toLowerCase();
      if (!allowed.has(name) || pairs.some(([seen]) => seen === name)) continue;
      pairs.push([name, name === 'href' ? safeUrl(list[i + 1]) : String(list[i + 1])]);
    }
  }
  return [`<${tag}${attrs(pairs)}>`, `</${tag}>`];
}

function renderAtom(atom: AtomTuple | undefined): string {
  if (!atom) return '';
  return atom[0] === SOFT_RETURN ? '<br>' : escapeText(String(atom[1] ?? ''));
}

export function renderMarkers(markers: readonly Marker[], doc: Mobiledoc): string {
  let out = '';
  const closing: string[] = [];
  for (const [type, opens, closes, value] of markers) {
    for (const index of opens) {
      const [open, close] = openAndClose(doc.markups[index]);
      out += open;
      closing.push(close);
    }
    out += type === TEXT_MARKER ? escapeText(String(value)) : renderAtom(doc.atoms[value as number]);
    for (let i = 0; i < closes && closing.length > 0; i++) out += closing.pop();
  }
  while (closing.length > 0) out += closing.pop();
  return out;
}

/** The text a reader sees, for heading ids. */
export function markersText(markers: readonly Marker[], doc: Mobiledoc): string {
  let text = '';
  for (const [type, , , value] of markers) {
    if (type === TEXT_MARKER) text += String(value);
    else {
      const atom = doc.atoms[value as number];
      if (atom && atom[0] !== SOFT_RETURN) text += String(atom[1] ?? '');
    }
  }
  return text;
}
