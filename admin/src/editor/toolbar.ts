import type { Command, EditorState } from 'prosemirror-state';
import type { EditorView } from 'prosemirror-view';
import { blockActive, cardNode, insertBlock, listAround, markActive, toggleCodeBlock, toggleEm, toggleList, toggleStrong, toggleTextblock } from './commands';
import { h } from './dom';
import { schema } from './schema';

const { nodes, marks } = schema;

interface ToolbarItem {
  label: string;
  /** Short visible text (drawn by CSS); the accessible name is `label`. */
  glyph: string;
  className?: string;
  shortcut?: string;
  /** A command, or an action that is not one (opening the link form or the file picker). */
  run: Command | ((view: EditorView) => void);
  isCommand: boolean;
  /** For toggles: whether the button shows as pressed. */
  active?: (state: EditorState) => boolean;
  separatorBefore?: boolean;
}

export interface ToolbarActions {
  openLinkForm(): void;
  pickImage(): void;
}

function command(label: string, glyph: string, run: Command, extra: Partial<ToolbarItem> = {}): ToolbarItem {
  return { label, glyph, run, isCommand: true, ...extra };
}

function action(label: string, glyph: string, run: (view: EditorView) => void, extra: Partial<ToolbarItem> = {}): ToolbarItem {
  return { label, glyph, run, isCommand: false, ...extra };
}

/** Inserts an HTML or Markdown block and puts the focus in its textarea, ready for the source. */
function insertSourceCard(type: 'html_card' | 'markdown_card'): (view: EditorView) => void {
  return (view) => {
    const card = cardNode(type);
    insertBlock(card)(view.state, view.dispatch);
    // insertBlock leaves the cursor in the paragraph right after the card.
    const cardPos = view.state.selection.$from.before(1) - card.nodeSize;
    const dom = view.nodeDOM(cardPos);
    const textarea = dom instanceof HTMLElement ? dom.querySelector('textarea') : null;
    if (textarea) textarea.focus();
    else view.focus();
  };
}

function items(actions: ToolbarActions): ToolbarItem[] {
  return [
    command('Bold', 'B', toggleStrong, { className: 'pr-tool--bold', shortcut: 'Control+B', active: (s) => markActive(s, marks.strong) }),
    command('Italic', 'I', toggleEm, { className: 'pr-tool--italic', shortcut: 'Control+I', active: (s) => markActive(s, marks.em) }),
    action('Link', 'Link', () => actions.openLinkForm(), { shortcut: 'Control+K', active: (s) => markActive(s, marks.link) }),
    command('Heading 2', 'H2', toggleTextblock(nodes.heading, { level: 2 }), {
      separatorBefore: true,
      active: (s) => blockActive(s, nodes.heading, { level: 2 }),
    }),
    command('Heading 3', 'H3', toggleTextblock(nodes.heading, { level: 3 }), { active: (s) => blockActive(s, nodes.heading, { level: 3 }) }),
    command('Quote', '“ ”', toggleTextblock(nodes.blockquote), { active: (s) => blockActive(s, nodes.blockquote) }),
    command('Bulleted list', '• List', toggleList(nodes.bullet_list), { active: (s) => listAround(s)?.type === nodes.bullet_list }),
    command('Numbered list', '1. List', toggleList(nodes.ordered_list), { active: (s) => listAround(s)?.type === nodes.ordered_list }),
    command('Code block', '</>', toggleCodeBlock, { active: (s) => blockActive(s, nodes.code_block) }),
    action('Insert image', 'Image', () => actions.pickImage(), { separatorBefore: true }),
    command('Insert divider', '—', insertBlock(cardNode('divider'))),
    action('Insert HTML block', 'HTML', insertSourceCard('html_card')),
    action('Insert Markdown block', 'Markdown', insertSourceCard('markdown_card')),
  ];
}

/**
 * The formatting toolbar: one tab stop, arrow keys move between buttons (the ARIA toolbar pattern),
 * toggles report their state with aria-pressed. Buttons keep the editor's selection by not taking focus
 * on mouse down.
 */
export class Toolbar {
  readonly dom: HTMLElement;
  private readonly buttons: Array<{ item: ToolbarItem; button: HTMLButtonElement }> = [];
  private focusIndex = 0;

  constructor(
    private readonly view: () => EditorView,
    actions: ToolbarActions,
    controls: string,
  ) {
    this.dom = h('div', { class: 'pr-toolbar', role: 'toolbar', 'aria-label': 'Formatting', 'aria-controls': controls });
    for (const item of items(actions)) {
      if (item.separatorBefore) this.dom.append(h('span', { class: 'pr-toolbar__separator', 'aria-hidden': 'true' }));
      const attributes: Record<string, string> = {
        type: 'button',
        class: `pr-tool ${item.className ?? ''}`.trim(),
        'aria-label': item.label,
        title: item.label,
        tabindex: '-1',
      };
      if (item.shortcut) attributes['aria-keyshortcuts'] = item.shortcut;
      if (item.active) attributes['aria-pressed'] = 'false';
      // The glyph is drawn by editor.css from data-glyph, so the button's only name is its label.
      attributes['data-glyph'] = item.glyph;
      const button = h('button', attributes);
      button.addEventListener('mousedown', (event) => event.preventDefault());
      button.addEventListener('click', () => this.run(item));
      this.buttons.push({ item, button });
      this.dom.append(button);
    }
    this.buttons[0].button.tabIndex = 0;
    this.dom.addEventListener('keydown', (event) => this.onKey(event));
  }

  private run(item: ToolbarItem): void {
    const view = this.view();
    if (item.isCommand) {
      (item.run as Command)(view.state, view.dispatch, view);
      view.focus();
    } else {
      (item.run as (view: EditorView) => void)(view);
    }
  }

  private onKey(event: KeyboardEvent): void {
    const moves: Record<string, (i: number, n: number) => number> = {
      ArrowRight: (i, n) => (i + 1) % n,
      ArrowLeft: (i, n) => (i - 1 + n) % n,
      Home: () => 0,
      End: (_i, n) => n - 1,
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    const current = this.buttons.findIndex(({ button }) => button === document.activeElement);
    this.setFocus(move(current < 0 ? this.focusIndex : current, this.buttons.length));
    this.buttons[this.focusIndex].button.focus();
  }

  private setFocus(index: number): void {
    this.buttons[this.focusIndex].button.tabIndex = -1;
    this.focusIndex = index;
    this.buttons[index].button.tabIndex = 0;
  }

  /** Reflects the selection: pressed toggles, and commands that cannot apply here are disabled. */
  update(state: EditorState): void {
    for (const { item, button } of this.buttons) {
      if (item.active) button.setAttribute('aria-pressed', String(item.active(state)));
      const enabled = !item.isCommand || (item.run as Command)(state) || (item.active?.(state) ?? false);
      button.setAttribute('aria-disabled', String(!enabled));
      button.classList.toggle('is-disabled', !enabled);
    }
  }
}
