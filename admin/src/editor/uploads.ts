import { Plugin, PluginKey, type EditorState } from 'prosemirror-state';
import { placeBlock } from './commands';
import { Decoration, DecorationSet, type EditorView } from 'prosemirror-view';
import { h } from './dom';
import { schema } from './schema';

export type UploadImage = (file: File) => Promise<{ url: string }>;

interface PendingAction {
  add?: { id: object; pos: number };
  remove?: object;
}

const key = new PluginKey<DecorationSet>('pr-uploads');

/**
 * Images uploading: a placeholder marks where each will go, and its position follows the edits made
 * while the upload runs, so the image lands where it was dropped or pasted.
 */
export function uploadsPlugin(): Plugin<DecorationSet> {
  return new Plugin<DecorationSet>({
    key,
    state: {
      init: () => DecorationSet.empty,
      apply(tr, set) {
        let next = set.map(tr.mapping, tr.doc);
        const action = tr.getMeta(key) as PendingAction | undefined;
        if (action?.add) {
          const widget = h('span', { class: 'pr-upload', 'aria-hidden': 'true' }, 'Uploading image…');
          next = next.add(tr.doc, [Decoration.widget(action.add.pos, widget, { id: action.add.id, side: -1 })]);
        }
        if (action?.remove) next = next.remove(next.find(undefined, undefined, (spec) => spec.id === action.remove));
        return next;
      },
    },
    props: {
      decorations: (state) => key.getState(state),
    },
  });
}

function pendingPos(state: EditorState, id: object): number | null {
  const found = key.getState(state)?.find(undefined, undefined, (spec) => spec.id === id) ?? [];
  return found.length > 0 ? found[0].from : null;
}

/** Reads an image's size so the card carries width and height, as Ghost's does. */
async function imageSize(file: File): Promise<{ width: number; height: number } | null> {
  if (typeof createImageBitmap !== 'function') return null;
  try {
    const bitmap = await createImageBitmap(file);
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size.width > 0 && size.height > 0 ? size : null;
  } catch {
    return null; // SVG and formats the browser cannot decode: the card simply has no size
  }
}

export function imageFiles(list: FileList | null | undefined): File[] {
  return Array.from(list ?? []).filter((file) => file.type.startsWith('image/'));
}

export interface UploadContext {
  uploadImage: UploadImage;
  /** Tells the user what happened (a live region); errors are announced as alerts. */
  announce(message: string, isError?: boolean): void;
  isDestroyed(): boolean;
}

/** Uploads files one after another and inserts an image card for each at `pos` (or the selection). */
export async function insertImages(view: EditorView, files: File[], pos: number | null, context: UploadContext): Promise<void> {
  for (const file of files) {
    const id = {};
    const at = pos ?? view.state.selection.from;
    view.dispatch(view.state.tr.setMeta(key, { add: { id, pos: at } } satisfies PendingAction));
    context.announce(`Uploading ${file.name || 'image'}…`);
    let url: string;
    let size: { width: number; height: number } | null;
    try {
      [{ url }, size] = await Promise.all([context.uploadImage(file), imageSize(file)]);
    } catch (error) {
      if (context.isDestroyed()) return;
      view.dispatch(view.state.tr.setMeta(key, { remove: id } satisfies PendingAction));
      context.announce(`The image could not be uploaded: ${error instanceof Error ? error.message : String(error)}`, true);
      continue;
    }
    if (context.isDestroyed()) return;
    const where = pendingPos(view.state, id) ?? view.state.selection.from;
    const payload: Record<string, unknown> = { src: url };
    if (size) Object.assign(payload, size);
    Object.assign(payload, { alt: '', caption: '' });
    const node = schema.nodes.image.create({ name: 'image', payload });
    const tr = placeBlock(view.state.tr.setMeta(key, { remove: id } satisfies PendingAction), where, node);
    view.dispatch(tr.scrollIntoView());
    context.announce('Image uploaded');
    pos = null;
  }
}
