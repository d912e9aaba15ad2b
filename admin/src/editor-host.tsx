import { useEffect, useRef, useState } from 'preact/hooks';
import { messageOf, uploadImage } from './api';

/** What admin/src/editor/index.ts exports: the rich-text editor, mapped to mobiledoc. */
interface EditorModule {
  mountEditor(
    element: HTMLElement,
    options: {
      mobiledoc: string | null;
      onChange(mobiledoc: string): void;
      uploadImage(file: File): Promise<{ url: string }>;
      placeholder?: string;
    },
  ): { destroy(): void; focus(): void; isEmpty(): boolean };
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

/** Mounts the rich-text body once per `generation`; changes flow out through `onChange`. */
export function EditorHost({
  mobiledoc,
  generation,
  onChange,
  placeholder,
}: {
  mobiledoc: string | null;
  generation: number;
  onChange: (mobiledoc: string) => void;
  placeholder: string;
}) {
  const host = useRef<HTMLDivElement>(null);
  const change = useRef(onChange);
  change.current = onChange;
  const [error, setError] = useState('');
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let editor: { destroy(): void } | null = null;
    let live = true;
    loadEditor().then(
      (module) => {
        if (!live || !host.current) return;
        host.current.replaceChildren();
        editor = module.mountEditor(host.current, {
          mobiledoc,
          onChange: (next) => change.current(next),
          uploadImage: async (file) => ({ url: await uploadImage(file) }),
          placeholder,
        });
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
    <div class="editor-body">
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
