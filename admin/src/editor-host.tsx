import { useEffect, useRef, useState } from 'preact/hooks';
import { messageOf, uploadImage } from './api';
import type { BodyFormat } from './posts';

/** The mounted rich-text body, as admin/src/editor/index.ts returns it. */
export interface BodyEditor {
  destroy(): void;
  focus(): void;
  /** True when the body has nothing that would be saved. */
  isEmpty(): boolean;
  /** The body in its format (mobiledoc or lexical), written when asked (at saving time), not on every keystroke. */
  getSource(): string;
}

/** What admin/src/editor/index.ts exports: the rich-text editor, mapped to mobiledoc or lexical. */
interface EditorModule {
  mountEditor(
    element: HTMLElement,
    options: {
      format: BodyFormat;
      source: string | null;
      onChange(): void;
      uploadImage(file: File): Promise<{ url: string }>;
      placeholder?: string;
    },
  ): BodyEditor;
}

// globbed rather than imported: the editor is its own lazily loaded chunk, not part of the first load
const editorModules = import.meta.glob<EditorModule>('./editor/index.ts');
const editorStyles = import.meta.glob('./editor/editor.css');

let loading: Promise<EditorModule> | null = null;
function loadEditor(): Promise<EditorModule> {
  const load = editorModules['./editor/index.ts'];
  if (!load) return Promise.reject(new Error('This build of the admin has no rich-text editor.'));
  return (loading ??= Promise.all([load(), ...Object.values(editorStyles).map((css) => css())]).then(([module]) => module));
}

/**
 * Mounts the rich-text body once per `generation`, from `source` in `format`; reports each change of
 * content through `onChange` and hands the mounted editor to `onMount`. A destroyed editor still answers
 * getSource(), so what was typed can be saved on the way out.
 */
export function EditorHost({
  format,
  source,
  generation,
  onChange,
  onMount,
  placeholder,
}: {
  format: BodyFormat;
  source: string | null;
  generation: number;
  onChange: (editor: BodyEditor) => void;
  onMount: (editor: BodyEditor) => void;
  placeholder: string;
}) {
  const host = useRef<HTMLDivElement>(null);
  const callbacks = useRef({ onChange, onMount });
  callbacks.current = { onChange, onMount };
  const [error, setError] = useState('');
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let editor: BodyEditor | null = null;
    let live = true;
    loadEditor().then(
      (module) => {
        if (!live || !host.current) return;
        host.current.replaceChildren();
        const mounted: BodyEditor = module.mountEditor(host.current, {
          format,
          source,
          onChange: () => callbacks.current.onChange(mounted),
          uploadImage: async (file) => ({ url: await uploadImage(file) }),
          placeholder,
        });
        editor = mounted;
        callbacks.current.onMount(mounted);
        setReady(true);
      },
      (e) => live && setError(messageOf(e)),
    );
    return () => {
      live = false;
      editor?.destroy();
    };
  }, [generation]);
  return (
    <div class="editor-body" data-format={format}>
      {error && (
        <p role="alert" class="notice error">
          The editor could not load: {error}
        </p>
      )}
      {!ready && !error && <p class="muted loading">Loading the editor…</p>}
      <div ref={host} class="editor-host" />
    </div>
  );
}
