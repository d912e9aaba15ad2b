import { MobiledocError } from './error';
import { SUPPORTED_VERSIONS } from './tags';
import {
  ATOM_MARKER,
  CARD_SECTION,
  IMAGE_SECTION,
  LIST_SECTION,
  MARKUP_SECTION,
  TEXT_MARKER,
  type AtomTuple,
  type CardTuple,
  type Marker,
  type MarkupTuple,
  type Mobiledoc,
  type Payload,
  type Section,
} from '../types';

// Indexes in messages are the 0-based array positions, matching the indexes inside the document.

function isObject(value: unknown): value is Payload {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isIndex(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}

function fail(message: string): never {
  throw new MobiledocError(`mobiledoc ${message}`);
}

function attributeList(value: unknown, where: string): string[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || value.length % 2 !== 0 || !value.every((v) => typeof v === 'string')) {
    fail(`${where} attributes must be a list of name/value strings`);
  }
  return [...value];
}

function optionalList(doc: Payload, key: string): unknown[] {
  const value = doc[key];
  if (value === undefined) return [];
  if (!Array.isArray(value)) fail(`${key} must be an array`);
  return value;
}

function markup(value: unknown, i: number): MarkupTuple {
  if (!Array.isArray(value) || value.length < 1 || value.length > 2) fail(`markup ${i} must be [tagName, attributes?]`);
  const [tag, attributes] = value;
  if (typeof tag !== 'string' || tag === '') fail(`markup ${i} has no tag name`);
  const list = attributeList(attributes, `markup ${i}`);
  return list ? [tag, list] : [tag];
}

function atom(value: unknown, i: number): AtomTuple {
  if (!Array.isArray(value) || value.length < 2 || value.length > 3) fail(`atom ${i} must be [name, text, payload]`);
  const [name, text, payload = {}] = value;
  if (typeof name !== 'string' || name === '') fail(`atom ${i} has no name`);
  if (typeof text !== 'string') fail(`atom ${i} text must be a string`);
  if (!isObject(payload)) fail(`atom ${i} payload must be an object`);
  return [name, text, payload];
}

function card(value: unknown, i: number): CardTuple {
  if (!Array.isArray(value) || value.length < 1 || value.length > 2) fail(`card ${i} must be [name, payload]`);
  const [name, payload = {}] = value;
  if (typeof name !== 'string' || name === '') fail(`card ${i} has no name`);
  if (!isObject(payload)) fail(`card ${i} payload must be an object`);
  return [name, payload];
}

interface Counts {
  markups: number;
  atoms: number;
}

/** Checks one run of markers (a markup section, or one list item) and its markup nesting. */
function markers(value: unknown, where: string, counts: Counts): Marker[] {
  if (!Array.isArray(value)) fail(`${where} markers must be an array`);
  let depth = 0;
  return value.map((marker, k): Marker => {
    if (!Array.isArray(marker) || marker.length !== 4) {
      fail(`${where} marker ${k} must be [type, openMarkups, closedCount, value]`);
    }
    const [type, opens, closes, content] = marker;
    if (type !== TEXT_MARKER && type !== ATOM_MARKER) fail(`${where} marker ${k} has unknown type ${JSON.stringify(type)}`);
    if (!Array.isArray(opens)) fail(`${where} marker ${k} opened markups must be an array`);
    for (const m of opens) {
      if (!isIndex(m)) fail(`${where} marker ${k} opens markup ${JSON.stringify(m)} which is not an index`);
      if (m >= counts.markups) fail(`${where} references markup ${m} which does not exist (marker ${k})`);
    }
    if (!isIndex(closes)) fail(`${where} marker ${k} closed-markup count must be a non-negative integer`);
    depth += opens.length;
    if (closes > depth) fail(`${where} marker ${k} closes ${closes} markups but only ${depth} are open`);
    depth -= closes;
    if (type === TEXT_MARKER) {
      if (typeof content !== 'string') fail(`${where} marker ${k} text must be a string`);
      return [TEXT_MARKER, [...opens], closes, content];
    }
    if (!isIndex(content)) fail(`${where} marker ${k} atom reference must be an index`);
    if (content >= counts.atoms) fail(`${where} references atom ${content} which does not exist (marker ${k})`);
    return [ATOM_MARKER, [...opens], closes, content];
  });
}

function tagName(value: unknown, where: string): string {
  if (typeof value !== 'string' || value === '') fail(`${where} has no tag name`);
  return value;
}

function section(value: unknown, i: number, counts: Counts & { cards: number }): Section {
  const where = `section ${i}`;
  if (!Array.isArray(value) || value.length === 0) fail(`${where} must be a non-empty array`);
  const type = value[0];
  switch (type) {
    case MARKUP_SECTION: {
      if (value.length < 3 || value.length > 4) fail(`${where} must be [1, tagName, markers, attributes?]`);
      const tag = tagName(value[1], where);
      const list = attributeList(value[3], where);
      const parsed = markers(value[2], where, counts);
      return list ? [MARKUP_SECTION, tag, parsed, list] : [MARKUP_SECTION, tag, parsed];
    }
    case IMAGE_SECTION: {
      if (value.length !== 2 || typeof value[1] !== 'string') fail(`${where} must be [2, src]`);
      return [IMAGE_SECTION, value[1]];
    }
    case LIST_SECTION: {
      if (value.length < 3 || value.length > 4) fail(`${where} must be [3, tagName, items, attributes?]`);
      const tag = tagName(value[1], where);
      if (!Array.isArray(value[2])) fail(`${where} list items must be an array`);
      const items = value[2].map((item: unknown, n: number) => markers(item, `${where} item ${n}`, counts));
      const list = attributeList(value[3], where);
      return list ? [LIST_SECTION, tag, items, list] : [LIST_SECTION, tag, items];
    }
    case CARD_SECTION: {
      if (value.length !== 2 || !isIndex(value[1])) fail(`${where} must be [10, cardIndex]`);
      if (value[1] >= counts.cards) fail(`${where} references card ${value[1]} which does not exist`);
      return [CARD_SECTION, value[1]];
    }
    default:
      return fail(`${where} has unknown section type ${JSON.stringify(type)}`);
  }
}

/** Structural validation of an already-parsed value; returns a detached, normalised copy. */
export function validateMobiledoc(raw: unknown): Mobiledoc {
  if (!isObject(raw)) fail('must be a JSON object');
  const { version, ghostVersion } = raw;
  if (version === undefined) fail('version is missing');
  if (typeof version !== 'string' || !SUPPORTED_VERSIONS.has(version)) {
    fail(`version ${JSON.stringify(version)} is not supported (expected 0.3.0, 0.3.1 or 0.3.2)`);
  }
  if (ghostVersion !== undefined && ghostVersion !== null && typeof ghostVersion !== 'string') {
    fail('ghostVersion must be a string');
  }
  if (!Array.isArray(raw.sections)) fail('sections must be an array');

  const markups = optionalList(raw, 'markups').map(markup);
  const atoms = optionalList(raw, 'atoms').map(atom);
  const cards = optionalList(raw, 'cards').map(card);
  const counts = { markups: markups.length, atoms: atoms.length, cards: cards.length };
  const sections = raw.sections.map((s: unknown, i: number) => section(s, i, counts));

  const doc: Mobiledoc = { version, atoms, cards, markups, sections };
  if (typeof ghostVersion === 'string') doc.ghostVersion = ghostVersion;
  return doc;
}

export function parseMobiledoc(json: string): Mobiledoc {
  if (typeof json !== 'string') fail('must be a JSON-encoded string');
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch (error) {
    fail(`is not valid JSON: ${(error as Error).message}`);
  }
  return validateMobiledoc(raw);
}
