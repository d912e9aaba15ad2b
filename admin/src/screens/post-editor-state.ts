import { useRef, useState } from 'preact/hooks';
import { formOf, type BodyFormat, type Post, type PostForm } from '../posts';

/** How a save was asked for: its word once done. */
export type SaveKind = 'auto' | 'update' | 'publish' | 'schedule' | 'unpublish';
const DONE_WORD: Record<SaveKind, string> = { auto: 'Saved', update: 'Updated', publish: 'Published', schedule: 'Scheduled', unpublish: 'Saved' };

/** Everything the post editor screen shows and its saves read: one value, changed only by `reduce`. */
export interface EditorScreenState {
  /** The post as the server last returned it; null for a new one until its first save. */
  post: Post | null;
  id: string | null;
  /** Sent back with each `PUT`, so a change made elsewhere meanwhile is a 409 rather than lost. */
  updatedAt: string | null;
  loaded: boolean;
  /** The fields; `body` is the body as last loaded or saved (what the editor mounts from), not as typed. */
  form: PostForm;
  /** Counts every change to the fields or the body: a save knows by it whether newer changes overtook it. */
  revision: number;
  /** Whether anything changed since the last load or save. */
  dirty: boolean;
  bodyEmpty: boolean;
  /** Bumped when the body must be mounted again from `form.body` (a load). */
  generation: number;
  status: string;
  error: string;
  conflict: boolean;
  settingsOpen: boolean;
  dialog: 'publish' | 'delete' | null;
}

export type EditorAction =
  | { type: 'loaded'; post: Post }
  | { type: 'load-failed'; error: string }
  | { type: 'edit'; patch: Partial<PostForm> }
  | { type: 'body-changed'; empty: boolean }
  | { type: 'saving' }
  | { type: 'saved'; post: Post; kind: SaveKind; revision: number; body: string | null }
  | { type: 'conflict' }
  | { type: 'save-failed'; error: string }
  | { type: 'reload' }
  | { type: 'settings'; open: boolean }
  | { type: 'dialog'; dialog: EditorScreenState['dialog'] };

/**
 * Whether a body holds anything: a card, an image, or text (an empty editor yields sections, or
 * lexical paragraphs, with none).
 */
export function bodyHasContent(format: BodyFormat, body: string | null): boolean {
  if (!body) return false;
  if (format === 'lexical') return lexicalHasContent(body);
  try {
    const doc = JSON.parse(body) as { cards?: unknown[]; sections?: unknown[] };
    if (doc.cards?.length) return true;
    const hasText = (value: unknown): boolean =>
      Array.isArray(value) && (value.length === 4 && typeof value[3] === 'string' && value[3].trim() !== '' ? true : value.some(hasText));
    return (doc.sections ?? []).some((section) => Array.isArray(section) && (section[0] === 2 || hasText(section)));
  } catch {
    return true;
  }
}

/** A lexical body has content when a node other than a paragraph, or any text, is in it. */
function lexicalHasContent(body: string): boolean {
  try {
    const root = (JSON.parse(body) as { root?: { children?: unknown[] } }).root;
    const hasContent = (node: unknown): boolean => {
      if (typeof node !== 'object' || node === null) return false;
      const { type, text, children } = node as { type?: unknown; text?: unknown; children?: unknown };
      if (typeof text === 'string') return text.trim() !== '';
      if (type !== 'paragraph' && type !== 'linebreak') return true;
      return Array.isArray(children) && children.some(hasContent);
    };
    return (root?.children ?? []).some(hasContent);
  } catch {
    return true;
  }
}

/** `siteDefault`: the format a new post is written in (the site's `editor_default_format`). */
export function initialState(id: string | null, siteDefault: BodyFormat = 'mobiledoc'): EditorScreenState {
  return {
    post: null,
    id,
    updatedAt: null,
    loaded: id === null,
    form: formOf(null, siteDefault),
    revision: 0,
    dirty: false,
    bodyEmpty: true,
    generation: 0,
    status: '',
    error: '',
    conflict: false,
    settingsOpen: false,
    dialog: null,
  };
}

/** A change not yet saved: the next "Saved" is then news to a screen reader and to the eye. */
function changed(state: EditorScreenState): EditorScreenState {
  return { ...state, revision: state.revision + 1, dirty: true, status: state.status === 'Saving…' ? state.status : 'Unsaved changes' };
}

export function reduce(state: EditorScreenState, action: EditorAction): EditorScreenState {
  switch (action.type) {
    case 'loaded': {
      const form = formOf(action.post);
      return {
        ...state,
        post: action.post,
        id: action.post.id,
        updatedAt: action.post.updated_at,
        loaded: true,
        form,
        dirty: false,
        bodyEmpty: !bodyHasContent(form.format, form.body),
        generation: state.generation + 1,
      };
    }
    case 'load-failed':
      return { ...state, loaded: true, error: action.error };
    case 'edit': {
      const { form } = state;
      if ((Object.keys(action.patch) as (keyof PostForm)[]).every((key) => action.patch[key] === form[key])) return state;
      return changed({ ...state, form: { ...form, ...action.patch } });
    }
    case 'body-changed':
      return changed({ ...state, bodyEmpty: action.empty });
    case 'saving':
      return { ...state, status: 'Saving…', error: '' };
    case 'saved': {
      const overtaken = state.revision !== action.revision;
      const settled = { ...state, post: action.post, id: action.post.id, updatedAt: action.post.updated_at };
      // an autosave overtaken by newer typing has not saved what is on screen: the next one will
      if (overtaken) return { ...settled, status: action.kind === 'auto' ? 'Unsaved changes' : DONE_WORD[action.kind] };
      // what the server settled (a slug from the title, new tags' ids), keeping the body as it was sent
      return { ...settled, form: { ...formOf(action.post), format: state.form.format, body: action.body }, dirty: false, status: DONE_WORD[action.kind] };
    }
    case 'conflict':
      return { ...state, conflict: true, status: '' };
    case 'save-failed':
      return { ...state, error: action.error, status: 'Not saved' };
    case 'reload':
      return { ...state, conflict: false, status: '' };
    case 'settings':
      return { ...state, settingsOpen: action.open };
    case 'dialog':
      return { ...state, dialog: action.dialog };
  }
}

/**
 * useReducer whose state is also readable, already reduced, from a ref: the saves run across awaits
 * and must see the changes made meanwhile, before the screen has rendered them.
 */
export function useEditorState(
  id: string | null,
  siteDefault: BodyFormat,
): [EditorScreenState, (action: EditorAction) => void, { readonly current: EditorScreenState }] {
  const latest = useRef<EditorScreenState | null>(null);
  latest.current ??= initialState(id, siteDefault);
  const [state, setState] = useState(latest.current);
  const dispatch = useRef((action: EditorAction) => {
    latest.current = reduce(latest.current!, action);
    setState(latest.current);
  }).current;
  return [state, dispatch, latest as { readonly current: EditorScreenState }];
}
