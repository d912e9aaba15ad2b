import { renderMobiledoc, parseMobiledoc, type Mobiledoc } from '../../lib/content';

export interface DocParts {
  sections: unknown[];
  markups?: unknown[];
  atoms?: unknown[];
  cards?: unknown[];
  version?: string;
  ghostVersion?: string;
}

/** A mobiledoc JSON string, as the API receives it. */
export function mobiledocJson(parts: DocParts): string {
  const { version = '0.3.1', markups = [], atoms = [], cards = [], sections, ghostVersion } = parts;
  return JSON.stringify({ version, ghostVersion, atoms, cards, markups, sections });
}

/** Parse (with validation) then render, the way the service produces `html`. */
export function render(parts: DocParts): string {
  return renderMobiledoc(parseMobiledoc(mobiledocJson(parts)));
}

/** Render a document made of one card. */
export function renderCard(name: string, payload: Record<string, unknown>): string {
  return render({ cards: [[name, payload]], sections: [[10, 0]] });
}

export const paragraph = (text: string): unknown[] => [1, 'p', [[0, [], 0, text]]];

export function roundTrip(doc: Mobiledoc): Mobiledoc {
  return parseMobiledoc(JSON.stringify(doc));
}
