import {
  ATOM_MARKER,
  CARD_SECTION,
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

export interface MarkupRef {
  readonly tag: string;
  readonly attributes: readonly string[];
  /** Equal keys are the same markup, so adjacent identical formatting merges into one marker. */
  readonly key: string;
}

export function markupRef(tag: string, attributes: string[] = []): MarkupRef {
  return { tag, attributes, key: [tag, ...attributes].join('\u0000') };
}

export function pushMarkup(stack: readonly MarkupRef[], ref: MarkupRef): readonly MarkupRef[] {
  // <b><b>x</b></b> is still just bold.
  return stack.some((open) => open.key === ref.key) ? stack : [...stack, ref];
}

interface Run {
  readonly softReturn: boolean;
  text: string;
  readonly stack: readonly MarkupRef[];
}

const COLLAPSIBLE = /[ \t\n\r\f]+/g;

function sameStack(a: readonly MarkupRef[], b: readonly MarkupRef[]): boolean {
  return a.length === b.length && a.every((ref, i) => ref.key === b[i].key);
}

/**
 * The inline content of one section (or list item), with white space collapsed as a browser lays
 * it out: runs of spaces/newlines become one space, none at the start of a line, none at its end.
 * Non-breaking spaces are content and are kept.
 */
export class InlineRuns {
  private readonly runs: Run[] = [];

  hasText(): boolean {
    return this.runs.some((run) => !run.softReturn);
  }

  isEmpty(): boolean {
    return this.runs.length === 0;
  }

  text(raw: string, stack: readonly MarkupRef[]): void {
    let text = raw.replace(COLLAPSIBLE, ' ');
    const last = this.runs[this.runs.length - 1];
    if (text.startsWith(' ') && (!last || last.softReturn || last.text.endsWith(' '))) text = text.slice(1);
    if (text === '') return;
    if (last && !last.softReturn && sameStack(last.stack, stack)) last.text += text;
    else this.runs.push({ softReturn: false, text, stack });
  }

  softReturn(stack: readonly MarkupRef[]): void {
    this.trimEnd();
    this.runs.push({ softReturn: true, text: '', stack });
  }

  private trimEnd(): void {
    const last = this.runs[this.runs.length - 1];
    if (!last || last.softReturn || !last.text.endsWith(' ')) return;
    last.text = last.text.slice(0, -1);
    if (last.text === '') this.runs.pop();
  }

  /** Markers with balanced open/close counts; trailing line breaks are dropped as browsers ignore them. */
  toMarkers(doc: DocumentBuilder): Marker[] {
    this.trimEnd();
    while (this.runs.length > 0 && this.runs[this.runs.length - 1].softReturn) this.runs.pop();
    this.trimEnd();

    const markers: Marker[] = [];
    let open: readonly MarkupRef[] = [];
    for (const run of this.runs) {
      let common = 0;
      while (common < open.length && common < run.stack.length && open[common].key === run.stack[common].key) common++;
      const previous = markers[markers.length - 1];
      if (previous) previous[2] = open.length - common;
      const opens = run.stack.slice(common).map((ref) => doc.markupIndex(ref));
      markers.push(run.softReturn ? [ATOM_MARKER, opens, 0, doc.softReturnAtom()] : [TEXT_MARKER, opens, 0, run.text]);
      open = run.stack;
    }
    const last = markers[markers.length - 1];
    if (last) last[2] = open.length;
    return markers;
  }
}

/** Collects the document's markups, atoms, cards and sections, sharing identical markups. */
export class DocumentBuilder {
  private readonly markups: MarkupTuple[] = [];
  private readonly markupIndexes = new Map<string, number>();
  private readonly atoms: AtomTuple[] = [];
  private readonly cards: CardTuple[] = [];
  private readonly sections: Section[] = [];
  private softReturnIndex = -1;

  markupIndex(ref: MarkupRef): number {
    let index = this.markupIndexes.get(ref.key);
    if (index === undefined) {
      index = this.markups.length;
      this.markups.push(ref.attributes.length > 0 ? [ref.tag, [...ref.attributes]] : [ref.tag]);
      this.markupIndexes.set(ref.key, index);
    }
    return index;
  }

  softReturnAtom(): number {
    if (this.softReturnIndex === -1) {
      this.softReturnIndex = this.atoms.length;
      this.atoms.push(['soft-return', '', {}]);
    }
    return this.softReturnIndex;
  }

  card(name: string, payload: Payload): void {
    this.sections.push([CARD_SECTION, this.cards.length]);
    this.cards.push([name, payload]);
  }

  markupSection(tag: string, runs: InlineRuns): void {
    if (!runs.hasText()) return;
    this.sections.push([MARKUP_SECTION, tag, runs.toMarkers(this)]);
  }

  list(tag: 'ul' | 'ol', items: InlineRuns[]): void {
    const filled = items.filter((item) => item.hasText());
    if (filled.length === 0) return;
    this.sections.push([LIST_SECTION, tag, filled.map((item) => item.toMarkers(this))]);
  }

  build(): Mobiledoc {
    return {
      version: '0.3.1',
      ghostVersion: '4.0',
      atoms: this.atoms,
      cards: this.cards,
      markups: this.markups,
      sections: this.sections,
    };
  }
}
