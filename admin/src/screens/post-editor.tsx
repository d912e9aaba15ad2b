import { useEffect, useRef, useState } from 'preact/hooks';
import { api, BASE, messageOf, POST_BODY_QUERY } from '../api';
import { EditorHost, type BodyEditor } from '../editor-host';
import { Link, navigate, useLeaveGuard } from '../router';
import { inputOf, resourceOf, STATUS_WORD, type Post, type PostForm, type PostType } from '../posts';
import { roleName, useSession } from '../session';
import { ConfirmDialog, Dialog, Loading, useDocumentTitle } from '../ui';
import { fromLocalInput, toLocalInput, zoneHint } from '../time';
import { useEditorState, type SaveKind } from './post-editor-state';
import { PostSettings } from './post-settings';
import { PreviewLink } from './post-preview';

const AUTOSAVE_MS = 1000;

export function PostEditor({ type, id: initialId }: { type: PostType; id: string | null }) {
  const resource = resourceOf(type);
  const noun = type === 'post' ? 'post' : 'page';
  const session = useSession();
  const [state, dispatch, latest] = useEditorState(initialId, session.editorFormat);
  const { post, form, conflict, dirty, status, error, settingsOpen, dialog } = state;
  /** The mounted body; null until it is (and after a load, until it is again): the body is then `form.body`. */
  const body = useRef<BodyEditor | null>(null);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const settingsButton = useRef<HTMLButtonElement>(null);
  const titleRef = useRef<HTMLTextAreaElement>(null);
  // Contributors write drafts; publishing is for Authors and above (the API refuses it anyway)
  const mayPublish = roleName(session.user) !== 'Contributor';
  useDocumentTitle(form.title || (type === 'post' ? 'New post' : 'New page'));

  async function load(): Promise<void> {
    const id = latest.current.id;
    if (!id) return;
    try {
      const result = await api.get<Record<string, Post[]>>(`${resource}/${id}/${POST_BODY_QUERY}`);
      body.current = null;
      dispatch({ type: 'loaded', post: result[resource][0] });
    } catch (e) {
      dispatch({ type: 'load-failed', error: messageOf(e) });
    }
  }

  useEffect(() => {
    void load();
  }, []);

  const update = (patch: Partial<PostForm>) => dispatch({ type: 'edit', patch });

  async function runSave(kind: SaveKind, extra: Record<string, unknown>): Promise<boolean> {
    const before = latest.current;
    if (before.conflict) return false;
    dispatch({ type: 'saving' });
    try {
      // the body is written in its format here, once per save, not on every keystroke (a body that has
      // no form in its format throws, and the save fails with why)
      const sent = { ...before.form, body: body.current ? body.current.getSource() : before.form.body };
      let saved: Post;
      if (!before.id) {
        const result = await api.post<Record<string, Post[]>>(`${resource}/`, { [resource]: [{ ...inputOf(sent), status: 'draft', ...extra }] });
        saved = result[resource][0];
        // the address becomes the post's own without remounting this screen (unless the user has left it)
        if (mounted.current) history.replaceState(null, '', `${BASE}${resource}/${saved.id}`);
      } else {
        const input = { ...inputOf(sent), ...extra, updated_at: before.updatedAt };
        // anything but an autosave is an explicit save, which the service keeps as a revision
        const query = kind === 'auto' ? '' : '?save_revision=1';
        const result = await api.put<Record<string, Post[]>>(`${resource}/${before.id}/${query}`, { [resource]: [input] });
        saved = result[resource][0];
      }
      dispatch({ type: 'saved', post: saved, kind, revision: before.revision, body: sent.body });
      return true;
    } catch (e) {
      if ((e as { status?: number }).status === 409) dispatch({ type: 'conflict' });
      else dispatch({ type: 'save-failed', error: messageOf(e) });
      return false;
    }
  }

  function save(kind: SaveKind, extra: Record<string, unknown> = {}): Promise<boolean> {
    const run = queue.current.then(() => runSave(kind, extra));
    queue.current = run.then(() => undefined);
    return run;
  }

  const currentStatus = post?.status ?? 'draft';
  const hasContent = form.title.trim() !== '' || !state.bodyEmpty;

  // drafts save themselves a moment after the last change; published posts wait for "Update"
  useEffect(() => {
    if (!dirty || conflict || currentStatus !== 'draft' || !hasContent) return;
    const timer = setTimeout(() => void save('auto'), AUTOSAVE_MS);
    return () => clearTimeout(timer);
  }, [state.revision, dirty, conflict, currentStatus]);

  // a published or scheduled post is not saved by itself: leaving with changes asks first
  useLeaveGuard(dirty && !conflict && currentStatus !== 'draft' ? `This ${noun} has changes that are not saved. Leave without updating it?` : null);

  // Ctrl+S / Cmd+S: a draft saves now, a published or scheduled post does what "Update" does
  const saveNow = useRef<() => void>(() => undefined);
  saveNow.current = () => {
    if (conflict || dialog) return;
    if (currentStatus !== 'draft') void save('update');
    else if (hasContent) void save('auto');
  };
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() !== 's' || !(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return;
      // the browser's own Ctrl+S would save the page as a file
      event.preventDefault();
      saveNow.current();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  // leaving the screen before the autosave fired still saves a draft's last changes
  const pending = useRef<() => void>(() => undefined);
  pending.current = () => {
    if (dirty && !latest.current.conflict && currentStatus === 'draft' && hasContent) void save('auto');
  };
  const mounted = useRef(true);
  useEffect(
    () => () => {
      mounted.current = false;
      pending.current();
    },
    [],
  );

  // the title wraps onto as many lines as it needs
  useEffect(() => {
    const el = titleRef.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${el.scrollHeight}px`;
  }, [form.title, state.loaded]);

  const closeSettings = () => {
    dispatch({ type: 'settings', open: false });
    settingsButton.current?.focus();
  };
  useEffect(() => {
    if (!settingsOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented || document.querySelector('dialog[open]')) return;
      closeSettings();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [settingsOpen]);

  async function reload() {
    dispatch({ type: 'reload' });
    await load();
  }

  if (!state.loaded)
    return (
      <div class="page">
        <Loading />
      </div>
    );
  if (initialId && !post) {
    return (
      <div class="page">
        <p role="alert" class="notice error">
          {error || `This ${noun} could not be loaded.`}
        </p>
        <Link to={resource}>Back to {resource}</Link>
      </div>
    );
  }

  return (
    <div class={settingsOpen ? 'editor-screen with-panel' : 'editor-screen'}>
      <div class="editor-main">
        <header class="editor-bar">
          <Link to={resource} class="back">
            ← {type === 'post' ? 'Posts' : 'Pages'}
          </Link>
          <span class={`status status-${currentStatus}`}>{STATUS_WORD[currentStatus]}</span>
          <div class="spacer" />
          <output class="save-state" aria-live="polite">
            {status}
          </output>
          {currentStatus === 'draft' ? (
            mayPublish && (
              <button type="button" class="button primary" onClick={() => dispatch({ type: 'dialog', dialog: 'publish' })} disabled={conflict || !hasContent}>
                Publish
              </button>
            )
          ) : (
            <>
              <button type="button" class="button" disabled={conflict} onClick={() => save('unpublish', { status: 'draft' })}>
                {currentStatus === 'scheduled' ? 'Unschedule' : 'Unpublish'}
              </button>
              <button type="button" class="button primary" disabled={conflict} onClick={() => save('update')}>
                Update
              </button>
            </>
          )}
          <PreviewLink type={type} postId={post?.id ?? null} />
          <button
            ref={settingsButton}
            type="button"
            class={settingsOpen ? 'button icon active' : 'button icon'}
            aria-expanded={settingsOpen}
            aria-controls="post-settings"
            onClick={() => dispatch({ type: 'settings', open: !settingsOpen })}
          >
            Post settings
          </button>
        </header>
        {conflict && (
          <div role="alert" class="notice warning conflict">
            <p>
              <strong>Someone else changed this {noun} while you were editing.</strong> Your latest changes were not saved, so theirs are not overwritten.
            </p>
            <button type="button" class="button small" onClick={reload}>
              Reload {noun}
            </button>
          </div>
        )}
        {error && (
          <p role="alert" class="notice error">
            {error}
          </p>
        )}
        <article class="editor-canvas">
          <label for="post-title" class="visually-hidden">
            Post title
          </label>
          <textarea
            id="post-title"
            class="title-input"
            rows={1}
            placeholder={`${type === 'post' ? 'Post' : 'Page'} title`}
            value={form.title}
            ref={titleRef}
            onInput={(e) => update({ title: e.currentTarget.value.replace(/\n/g, ' ') })}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                body.current?.focus();
              }
            }}
          />
          {post && form.body === null ? (
            <p class="notice warning">
              The server's answer did not include this {noun}'s body in a format this editor writes (lexical or mobiledoc), so it is not shown. It is kept
              unchanged when you save.
            </p>
          ) : (
            <EditorHost
              format={form.format}
              source={form.body}
              generation={state.generation}
              placeholder="Begin writing…"
              onMount={(editor) => (body.current = editor)}
              onChange={(editor) => dispatch({ type: 'body-changed', empty: editor.isEmpty() })}
            />
          )}
        </article>
      </div>
      {settingsOpen && (
        <PostSettings
          type={type}
          form={form}
          update={update}
          onClose={closeSettings}
          onDelete={() => dispatch({ type: 'dialog', dialog: 'delete' })}
          canDelete={state.id !== null}
          postId={state.id}
          onRestored={() => void load()}
        />
      )}
      {dialog === 'publish' && (
        <PublishDialog
          noun={noun}
          onClose={() => dispatch({ type: 'dialog', dialog: null })}
          onPublish={async (at) => {
            const ok = at ? await save('schedule', { status: 'scheduled', published_at: at }) : await save('publish', { status: 'published' });
            if (ok) dispatch({ type: 'dialog', dialog: null });
          }}
        />
      )}
      {dialog === 'delete' && (
        <ConfirmDialog
          title={`Delete this ${noun}?`}
          confirm="Delete"
          onClose={() => dispatch({ type: 'dialog', dialog: null })}
          onConfirm={async () => {
            await api.del(`${resource}/${latest.current.id}/`);
            // in place of the deleted post's address, so Back does not lead to it (and nothing is left to ask about)
            navigate(resource, { replace: true });
          }}
        >
          <p>“{form.title || '(Untitled)'}” will be deleted for good, whether or not it is published. This cannot be undone.</p>
        </ConfirmDialog>
      )}
    </div>
  );
}

function PublishDialog({ noun, onClose, onPublish }: { noun: string; onClose: () => void; onPublish: (at: string | null) => Promise<void> }) {
  const [when, setWhen] = useState<'now' | 'later'>('now');
  const [at, setAt] = useState(() => toLocalInput(new Date(Date.now() + 60 * 60 * 1000).toISOString()));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  return (
    <Dialog title={`Ready to publish this ${noun}?`} onClose={onClose}>
      <form
        method="dialog"
        class="stack"
        onSubmit={async (e) => {
          e.preventDefault();
          const iso = when === 'later' ? fromLocalInput(at) : null;
          if (when === 'later' && (!iso || new Date(iso).getTime() <= Date.now())) {
            setError('Choose a time in the future.');
            return;
          }
          setBusy(true);
          await onPublish(iso);
          setBusy(false);
        }}
      >
        <fieldset class="choices">
          <legend class="visually-hidden">When</legend>
          <label class="choice">
            <input type="radio" name="when" checked={when === 'now'} onChange={() => setWhen('now')} /> <span>Right now</span>
          </label>
          <label class="choice">
            <input type="radio" name="when" checked={when === 'later'} onChange={() => setWhen('later')} /> <span>Schedule for later</span>
          </label>
        </fieldset>
        {when === 'later' && (
          <div class="field">
            <label for="publish-at">Publish at</label>
            <input id="publish-at" type="datetime-local" value={at} onInput={(e) => setAt(e.currentTarget.value)} aria-describedby="publish-at-zone" />
            <p class="hint" id="publish-at-zone">
              {zoneHint()}
            </p>
          </div>
        )}
        {error && (
          <p role="alert" class="error">
            {error}
          </p>
        )}
        <div class="dialog-actions">
          <button type="button" class="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" class="button primary" disabled={busy}>
            {when === 'now' ? `Publish ${noun}` : `Publish later`}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
