import { Plugin } from 'prosemirror-state';
import { Decoration, DecorationSet } from 'prosemirror-view';
import { isEmptyDocument } from './mobiledoc';

/** Shows `text` in an empty document (drawn by editor.css from the data attribute). */
export function placeholderPlugin(text: string): Plugin {
  return new Plugin({
    props: {
      decorations(state) {
        if (!text || !isEmptyDocument(state.doc)) return null;
        const first = state.doc.firstChild!;
        return DecorationSet.create(state.doc, [Decoration.node(0, first.nodeSize, { class: 'pr-placeholder', 'data-placeholder': text })]);
      },
    },
  });
}
