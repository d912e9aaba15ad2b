import { baseKeymap, chainCommands } from 'prosemirror-commands';
import { dropCursor } from 'prosemirror-dropcursor';
import { gapCursor } from 'prosemirror-gapcursor';
import { history, redo, undo } from 'prosemirror-history';
import { undoInputRule } from 'prosemirror-inputrules';
import { keymap } from 'prosemirror-keymap';
import { liftListItem, sinkListItem } from 'prosemirror-schema-list';
import type { Node as PMNode } from 'prosemirror-model';
import { EditorState, Plugin, type Command } from 'prosemirror-state';
import { EditorView } from 'prosemirror-view';
import { CodeBlockView, ImageView, SourceCardView } from './card-views';
import { backspaceCommand, enterCommand, hardBreakCommand, toggleCode, toggleEm, toggleStrike, toggleStrong } from './commands';
import { h } from './dom';
import { markdownShortcuts } from './input-rules';
import { LinkForm } from './link-form';
import { fromLexical, toLexical } from './lexical';
import { fromMobiledoc, hasNoContent, toMobiledoc } from './mobiledoc';
import { placeholderPlugin } from './placeholder';
import { schema } from './schema';
import { Toolbar } from './toolbar';
import { imageFiles, insertImages, uploadsPlugin, type UploadImage } from './uploads';

export { fromMobiledoc, MobiledocMappingError, toMobiledoc } from './mobiledoc';
export { fromLexical, LexicalMappingError, toLexical } from './lexical';
export { schema } from './schema';

/** The two body formats of a post: a post is one or the other, and is saved in the one it has. */
export type BodyFormat = 'mobiledoc' | 'lexical';

export interface EditorOptions {
  format: BodyFormat;
  /** The post's body in `format` as the Admin API returns it (a JSON string), or null for a new post. */
  source: string | null;
  /**
   * Called whenever the content really changed (not on selection moves). Nothing is serialised for it:
   * the body is written when getSource() asks, at saving time.
   */
  onChange(): void;
  uploadImage: UploadImage;
  /** Shown in an empty document. */
  placeholder?: string;
}

export interface EditorHandle {
  destroy(): void;
  focus(): void;
  /** True when the body has nothing that would be saved (only empty paragraphs). */
  isEmpty(): boolean;
  /** The body in its format, written now (once per document state): the string it was given while the content is unchanged. */
  getSource(): string;
}

// Ghost writes this on the documents it saves; it selects the current heading-id rules on the server.
const NEW_DOCUMENT_GHOST_VERSION = '4.0';

let instances = 0;

function editorKeymap(openLinkForm: () => void, format: BodyFormat): Plugin[] {
  const link: Command = () => {
    openLinkForm();
    return true;
  };
  return [
    keymap({
      'Mod-b': toggleStrong,
      'Mod-i': toggleEm,
      'Mod-e': toggleCode,
      'Mod-Shift-x': toggleStrike,
      'Mod-k': link,
      // right after a Markdown shortcut, undo gives back what was typed before undoing further
      'Mod-z': chainCommands(undoInputRule, undo),
      'Shift-Mod-z': redo,
      'Mod-y': redo,
      Enter: enterCommand,
      'Shift-Enter': hardBreakCommand,
      Backspace: chainCommands(undoInputRule, backspaceCommand),
      // lexical lists nest; mobiledoc ones do not (a Tab there moves the focus on, as elsewhere)
      ...(format === 'lexical' ? { Tab: sinkListItem(schema.nodes.list_item), 'Shift-Tab': liftListItem(schema.nodes.list_item) } : {}),
    }),
    keymap(baseKeymap),
  ];
}

/** A read-only notice in place of the editor, for a body that is not readable in its format. */
function unreadable(element: HTMLElement, source: string, error: unknown): EditorHandle {
  const notice = h(
    'p',
    { class: 'pr-editor__error', role: 'alert' },
    `This post's content could not be opened in the editor (${error instanceof Error ? error.message : String(error)}). It is kept unchanged.`,
  );
  element.append(notice);
  return {
    destroy: () => notice.remove(),
    focus: () => undefined,
    isEmpty: () => false,
    getSource: () => source,
  };
}

/**
 * Mounts the rich-text editor into `element`. Nothing happens at import time; everything the editor
 * adds to the page lives inside `element` and is removed by destroy().
 */
export function mountEditor(element: HTMLElement, options: EditorOptions): EditorHandle {
  const lexical = options.format === 'lexical';
  const write = lexical ? toLexical : toMobiledoc;
  let initial: PMNode;
  try {
    if (options.source !== null) initial = lexical ? fromLexical(options.source, schema) : fromMobiledoc(options.source, schema);
    else initial = schema.nodes.doc.create(lexical ? null : { ghostVersion: NEW_DOCUMENT_GHOST_VERSION }, schema.nodes.paragraph.create());
  } catch (error) {
    if (options.source === null) throw error;
    return unreadable(element, options.source, error);
  }
  // A foreign document may be written back differently; while its content is unchanged, the original string stands.
  const original = options.source;
  let originalWritten: string | null = null;
  let written: { doc: PMNode; source: string } | null = null;
  const getSource = (): string => {
    const doc = view.state.doc;
    if (written?.doc === doc) return written.source;
    const canonical = write(doc);
    if (original !== null) originalWritten ??= write(initial);
    written = { doc, source: original !== null && canonical === originalWritten ? original : canonical };
    return written.source;
  };
  let destroyed = false;

  const id = `pr-editor-${++instances}`;
  // Live regions without the status/alert roles: the app's own save status and error alerts keep
  // those roles to themselves, so tests and assistive technology find exactly one of each.
  const status = h('div', { class: 'pr-editor__status', 'aria-live': 'polite' });
  const alert = h('div', { class: 'pr-editor__alert', 'aria-live': 'assertive' });
  const fileInput = h('input', { type: 'file', accept: 'image/*', multiple: '', hidden: '', tabindex: '-1', 'aria-hidden': 'true' });
  const surface = h('div', { class: 'pr-editor__surface' });

  // assigned once the toolbar and link form exist; their callbacks read it only after that
  // eslint-disable-next-line prefer-const
  let view: EditorView;
  const getView = () => view;
  const linkForm = new LinkForm(getView);
  const toolbar = new Toolbar(getView, { openLinkForm: () => linkForm.open(), pickImage: () => fileInput.click() }, id);
  const root = h('div', { class: 'pr-editor' }, toolbar.dom, linkForm.dom, alert, status, surface, fileInput);
  element.append(root);

  const announce = (message: string, isError = false) => {
    (isError ? alert : status).textContent = message;
    if (!isError) alert.textContent = '';
  };
  const uploads = { uploadImage: options.uploadImage, announce, isDestroyed: () => destroyed };
  const upload = (files: File[], pos: number | null) => {
    void insertImages(view, files, pos, uploads);
  };
  fileInput.addEventListener('change', () => {
    const files = imageFiles(fileInput.files);
    fileInput.value = '';
    if (files.length > 0) upload(files, null);
    view.focus();
  });

  const state = EditorState.create({
    doc: initial,
    plugins: [
      markdownShortcuts(),
      ...editorKeymap(() => linkForm.open(), options.format),
      history(),
      dropCursor({ class: 'pr-dropcursor' }),
      gapCursor(),
      uploadsPlugin(),
      placeholderPlugin(options.placeholder ?? ''),
      new Plugin({ view: () => ({ update: (v) => toolbar.update(v.state) }) }),
    ],
  });

  view = new EditorView(surface, {
    state,
    attributes: {
      id,
      class: 'pr-editor__content',
      role: 'textbox',
      'aria-multiline': 'true',
      'aria-label': 'Post content',
      ...(options.placeholder ? { 'aria-placeholder': options.placeholder } : {}),
      spellcheck: 'true',
    },
    nodeViews: {
      image: (node, v, getPos) => new ImageView(node, v, getPos),
      html_card: (node, v, getPos) => new SourceCardView(node, v, getPos, 'html'),
      markdown_card: (node, v, getPos) => new SourceCardView(node, v, getPos, 'markdown'),
      code_block: (node, v, getPos) => new CodeBlockView(node, v, getPos),
    },
    handleDrop(v, event, _slice, moved) {
      const files = imageFiles(event.dataTransfer?.files);
      if (moved || files.length === 0) return false;
      event.preventDefault();
      upload(files, v.posAtCoords({ left: event.clientX, top: event.clientY })?.pos ?? null);
      return true;
    },
    handlePaste(_v, event) {
      const files = imageFiles(event.clipboardData?.files);
      if (files.length === 0) return false;
      event.preventDefault();
      upload(files, null);
      return true;
    },
    dispatchTransaction(tr) {
      const before = view.state.doc;
      view.updateState(view.state.apply(tr));
      if (!tr.docChanged || view.state.doc.eq(before)) return;
      options.onChange();
    },
  });
  toolbar.update(view.state);

  return {
    destroy() {
      if (destroyed) return;
      destroyed = true;
      view.destroy();
      root.remove();
    },
    focus: () => view.focus(),
    isEmpty: () => hasNoContent(view.state.doc),
    getSource,
  };
}
