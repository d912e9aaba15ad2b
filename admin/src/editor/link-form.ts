import type { Mark } from 'prosemirror-model';
import type { EditorView } from 'prosemirror-view';
import { h } from './dom';
import { schema } from './schema';

const linkType = schema.marks.link;

/** Turns what people type ("example.com") into an address; relative, anchor and mailto links stay. */
export function normaliseHref(input: string): string {
  const value = input.trim();
  if (value === '' || /^[a-z][a-z0-9+.-]*:/i.test(value) || /^[/#?]/.test(value)) return value;
  if (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) return `mailto:${value}`;
  return `https://${value}`;
}

/** The range of the link around a position, so an empty selection inside a link edits all of it. */
function linkRange(view: EditorView, pos: number): { from: number; to: number; mark: Mark } | null {
  const $pos = view.state.doc.resolve(pos);
  const parent = $pos.parent;
  const start = $pos.start();
  const mark = linkType.isInSet($pos.marks()) ?? linkType.isInSet($pos.nodeAfter?.marks ?? []);
  if (!mark) return null;
  let index = $pos.index();
  if (index >= parent.childCount || !mark.isInSet(parent.child(index).marks)) index--;
  let from = start;
  for (let i = 0; i < index; i++) from += parent.child(i).nodeSize;
  let to = from + parent.child(index).nodeSize;
  for (let i = index - 1; i >= 0 && mark.isInSet(parent.child(i).marks); i--) from -= parent.child(i).nodeSize;
  for (let i = index + 1; i < parent.childCount && mark.isInSet(parent.child(i).marks); i++) to += parent.child(i).nodeSize;
  return { from, to, mark };
}

/** A small inline form for a link's address, opened by Mod-k or the toolbar's Link button. */
export class LinkForm {
  readonly dom: HTMLFormElement;
  private readonly input: HTMLInputElement;
  private readonly remove: HTMLButtonElement;
  private range: { from: number; to: number } | null = null;
  /** An edited link keeps its other attributes (rel, target; a lexical link's fields). */
  private kept: Record<string, unknown> = {};

  constructor(private readonly view: () => EditorView) {
    this.input = h('input', { type: 'text', inputmode: 'url', autocomplete: 'off', spellcheck: 'false', placeholder: 'https://…' });
    this.remove = h('button', { type: 'button', class: 'pr-button' }, 'Remove link');
    const cancel = h('button', { type: 'button', class: 'pr-button' }, 'Cancel');
    this.dom = h(
      'form',
      { class: 'pr-link-form', 'aria-label': 'Link', hidden: '' },
      h('label', { class: 'pr-link-form__label' }, h('span', {}, 'Link URL'), this.input),
      h('button', { type: 'submit', class: 'pr-button pr-button--primary' }, 'Apply'),
      this.remove,
      cancel,
    );
    this.dom.addEventListener('submit', (event) => {
      event.preventDefault();
      this.apply(normaliseHref(this.input.value));
    });
    this.remove.addEventListener('click', () => this.apply(''));
    cancel.addEventListener('click', () => this.close());
    this.dom.addEventListener('keydown', (event) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        this.close();
      }
    });
  }

  get isOpen(): boolean {
    return !this.dom.hidden;
  }

  open(): void {
    const view = this.view();
    const { from, to, empty } = view.state.selection;
    const existing = empty ? linkRange(view, from) : null;
    this.range = existing ? { from: existing.from, to: existing.to } : { from, to };
    this.kept = existing ? { ...existing.mark.attrs } : {};
    let href = existing?.mark.attrs.href ?? '';
    if (!existing && !empty)
      view.state.doc.nodesBetween(from, to, (node) => {
        href ||= linkType.isInSet(node.marks)?.attrs.href ?? '';
      });
    this.input.value = href;
    this.remove.hidden = href === '';
    this.dom.hidden = false;
    this.input.focus();
    this.input.select();
  }

  close(): void {
    this.dom.hidden = true;
    this.range = null;
    this.view().focus();
  }

  private apply(href: string): void {
    const view = this.view();
    const range = this.range;
    if (range) {
      const tr = view.state.tr;
      const { from, to } = { from: Math.min(range.from, tr.doc.content.size), to: Math.min(range.to, tr.doc.content.size) };
      if (href === '') {
        tr.removeMark(from, to, linkType);
      } else if (from === to) {
        // Nothing selected: the address becomes the link's text.
        tr.insertText(href, from).addMark(from, from + href.length, linkType.create({ ...this.kept, href }));
      } else {
        tr.removeMark(from, to, linkType).addMark(from, to, linkType.create({ ...this.kept, href }));
      }
      view.dispatch(tr.scrollIntoView());
    }
    this.close();
  }
}
