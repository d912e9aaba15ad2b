import type { Node as PMNode } from 'prosemirror-model';
import { NodeSelection } from 'prosemirror-state';
import type { EditorView, NodeView, ViewMutationRecord } from 'prosemirror-view';
import { h } from './dom';
import type { Payload } from './schema';

type GetPos = () => number | undefined;

/** Ghost captions are HTML; the caption input edits text, so a tag-free caption is shown decoded. */
const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&nbsp;': '\u00a0' };
function captionText(html: string): { text: string; isHtml: boolean } {
  if (/<[a-z!/]/i.test(html)) return { text: html, isHtml: true };
  return { text: html.replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (entity) => ENTITIES[entity]), isHtml: false };
}
function captionHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function field(payload: Payload, key: string): string {
  const value = payload[key];
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

/** Shared behaviour: a non-editable block whose form fields write into the card's payload. */
abstract class CardView implements NodeView {
  readonly dom: HTMLElement;

  constructor(
    protected node: PMNode,
    protected readonly view: EditorView,
    protected readonly getPos: GetPos,
    kind: string,
    removeLabel: string,
  ) {
    this.dom = h('div', { class: `pr-card pr-card--${kind}`, contenteditable: 'false' });
    const remove = h(
      'button',
      { type: 'button', class: 'pr-card__remove', 'aria-label': removeLabel, title: removeLabel },
      h('span', { 'aria-hidden': 'true' }, '×'),
    );
    remove.addEventListener('click', () => this.remove());
    this.dom.append(remove);
    // Escape in a field goes back to the text, with the card selected (Backspace then removes it).
    this.dom.addEventListener('keydown', (event) => {
      const pos = this.getPos();
      if (event.key !== 'Escape' || pos === undefined) return;
      event.preventDefault();
      this.view.dispatch(this.view.state.tr.setSelection(NodeSelection.create(this.view.state.doc, pos)));
      this.view.focus();
    });
  }

  protected setPayload(changes: Payload): void {
    const pos = this.getPos();
    if (pos === undefined) return;
    const payload = { ...this.node.attrs.payload, ...changes };
    this.view.dispatch(this.view.state.tr.setNodeMarkup(pos, undefined, { ...this.node.attrs, payload }));
  }

  private remove(): void {
    const pos = this.getPos();
    if (pos === undefined) return;
    this.view.dispatch(this.view.state.tr.delete(pos, pos + this.node.nodeSize).scrollIntoView());
    this.view.focus();
  }

  update(node: PMNode): boolean {
    if (node.type !== this.node.type) return false;
    this.node = node;
    this.render(node.attrs.payload);
    return true;
  }

  protected abstract render(payload: Payload): void;

  selectNode(): void {
    this.dom.classList.add('is-selected');
  }

  deselectNode(): void {
    this.dom.classList.remove('is-selected');
  }

  // Typing and clicking in the card's own fields is theirs, not the editor's.
  stopEvent(event: Event): boolean {
    const target = event.target as HTMLElement | null;
    return !!target && target !== this.dom && /^(INPUT|TEXTAREA|BUTTON|LABEL|SELECT)$/.test(target.tagName);
  }

  ignoreMutation(): boolean {
    return true;
  }
}

/** Sets a field's value unless the user is typing in it (which would move their cursor). */
function syncValue(input: HTMLInputElement | HTMLTextAreaElement, value: string): void {
  if (input.value !== value && input.ownerDocument.activeElement !== input) input.value = value;
}

export class ImageView extends CardView {
  private readonly img: HTMLImageElement;
  private readonly alt: HTMLInputElement;
  private readonly caption: HTMLInputElement;
  private captionIsHtml = false;

  constructor(node: PMNode, view: EditorView, getPos: GetPos) {
    super(node, view, getPos, 'image', 'Remove image');
    this.img = h('img', { class: 'pr-image__img', alt: '' });
    this.alt = h('input', { type: 'text', class: 'pr-field__input' });
    this.caption = h('input', { type: 'text', class: 'pr-field__input' });
    this.dom.append(
      h('figure', { class: 'pr-image' }, this.img),
      h(
        'div',
        { class: 'pr-image__fields' },
        h('label', { class: 'pr-field' }, h('span', { class: 'pr-field__label' }, 'Alt text'), this.alt),
        h('label', { class: 'pr-field' }, h('span', { class: 'pr-field__label' }, 'Caption'), this.caption),
      ),
    );
    this.alt.addEventListener('input', () => this.setPayload({ alt: this.alt.value }));
    this.caption.addEventListener('input', () => this.setPayload({ caption: this.captionIsHtml ? this.caption.value : captionHtml(this.caption.value) }));
    this.render(node.attrs.payload);
  }

  protected render(payload: Payload): void {
    const src = field(payload, 'src');
    if (this.img.getAttribute('src') !== src) this.img.setAttribute('src', src);
    this.img.alt = field(payload, 'alt');
    syncValue(this.alt, field(payload, 'alt'));
    const caption = captionText(field(payload, 'caption'));
    if (this.caption.ownerDocument.activeElement !== this.caption) this.captionIsHtml = caption.isHtml;
    syncValue(this.caption, caption.text);
  }
}

/** The HTML and Markdown cards: their source in a labelled textarea. */
export class SourceCardView extends CardView {
  private readonly textarea: HTMLTextAreaElement;

  constructor(
    node: PMNode,
    view: EditorView,
    getPos: GetPos,
    private readonly key: 'html' | 'markdown',
  ) {
    const label = key === 'html' ? 'HTML' : 'Markdown';
    super(node, view, getPos, key, `Remove ${label} block`);
    this.textarea = h('textarea', { class: 'pr-source__input', rows: '4', spellcheck: key === 'markdown' ? 'true' : 'false' });
    this.dom.append(h('label', { class: 'pr-source' }, h('span', { class: 'pr-field__label' }, label), this.textarea));
    this.textarea.addEventListener('input', () => {
      this.fit();
      this.setPayload({ [this.key]: this.textarea.value });
    });
    this.render(node.attrs.payload);
  }

  protected render(payload: Payload): void {
    syncValue(this.textarea, field(payload, this.key));
    this.fit();
  }

  private fit(): void {
    this.textarea.rows = Math.min(30, Math.max(4, this.textarea.value.split('\n').length + 1));
  }
}

/** A code block: the code is editable text; the language is a field above it. */
export class CodeBlockView implements NodeView {
  readonly dom: HTMLElement;
  readonly contentDOM: HTMLElement;
  private readonly language: HTMLInputElement;
  private readonly header: HTMLElement;

  constructor(
    private node: PMNode,
    private readonly view: EditorView,
    private readonly getPos: GetPos,
  ) {
    this.language = h('input', { type: 'text', class: 'pr-code__language', spellcheck: 'false', autocomplete: 'off', placeholder: 'plain text' });
    this.header = h(
      'div',
      { class: 'pr-code__header', contenteditable: 'false' },
      h('label', { class: 'pr-field pr-field--inline' }, h('span', { class: 'pr-field__label' }, 'Language'), this.language),
    );
    this.contentDOM = h('code', { spellcheck: 'false' });
    this.dom = h('div', { class: 'pr-code' }, this.header, h('pre', {}, this.contentDOM));
    this.language.addEventListener('input', () => {
      const pos = this.getPos();
      if (pos === undefined) return;
      const payload = { ...this.node.attrs.payload, language: this.language.value.trim() };
      this.view.dispatch(this.view.state.tr.setNodeMarkup(pos, undefined, { ...this.node.attrs, payload }));
    });
    syncValue(this.language, field(node.attrs.payload, 'language'));
  }

  update(node: PMNode): boolean {
    if (node.type !== this.node.type) return false;
    this.node = node;
    syncValue(this.language, field(node.attrs.payload, 'language'));
    return true;
  }

  stopEvent(event: Event): boolean {
    return event.target === this.language;
  }

  ignoreMutation(mutation: ViewMutationRecord): boolean {
    return this.header.contains(mutation.target as Node);
  }
}
