/**
 * Mobiledoc 0.3.x element shapes. See https://github.com/bustle/mobiledoc-kit/blob/master/MOBILEDOC.md
 * Indexes inside markers and card sections point into the document's own arrays.
 */

/** `[tagName, attributes?]`; attributes are a flat `[name, value, name, value…]` list. */
export type MarkupTuple = [tagName: string, attributes?: string[]];
/** `[name, text, payload]` */
export type AtomTuple = [name: string, text: string, payload: Record<string, unknown>];
/** `[name, payload]` */
export type CardTuple = [name: string, payload: Record<string, unknown>];

export const TEXT_MARKER = 0;
export const ATOM_MARKER = 1;
/** `[0, openedMarkupIndexes, closedMarkupCount, text]` */
export type TextMarker = [type: typeof TEXT_MARKER, opens: number[], closes: number, text: string];
/** `[1, openedMarkupIndexes, closedMarkupCount, atomIndex]` */
export type AtomMarker = [type: typeof ATOM_MARKER, opens: number[], closes: number, atom: number];
export type Marker = TextMarker | AtomMarker;

export const MARKUP_SECTION = 1;
export const IMAGE_SECTION = 2;
export const LIST_SECTION = 3;
export const CARD_SECTION = 10;

/** Attributes (0.3.2 only) are a flat name/value list like markup attributes. */
export type MarkupSection = [type: typeof MARKUP_SECTION, tagName: string, markers: Marker[], attributes?: string[]];
export type ImageSection = [type: typeof IMAGE_SECTION, src: string];
export type ListSection = [type: typeof LIST_SECTION, tagName: string, items: Marker[][], attributes?: string[]];
export type CardSection = [type: typeof CARD_SECTION, card: number];
export type Section = MarkupSection | ImageSection | ListSection | CardSection;

export interface Mobiledoc {
  version: string;
  atoms: AtomTuple[];
  cards: CardTuple[];
  markups: MarkupTuple[];
  sections: Section[];
  /** Written by Ghost; selects the heading-id algorithm (before 4.0 a legacy one). */
  ghostVersion?: string;
}

export type Payload = Record<string, unknown>;
