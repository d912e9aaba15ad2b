import { useEffect, useRef, useState } from 'preact/hooks';
import { api, BASE, messageOf } from '../api';
import { EditorHost } from '../editor-host';
import { Link, navigate, useLeaveGuard } from '../router';
import { resourceOf, STATUS_WORD, type Post, type PostType, type TagRef } from '../posts';
import { roleName, useSession } from '../session';
import { ConfirmDialog, Dialog, Loading, useDocumentTitle } from '../ui';
import { fromLocalInput, PostSettings, toLocalInput } from './post-settings';
import { PreviewLink } from './post-preview';

/** The fields this screen edits; they travel as they are in a `PUT`. */
export interface PostForm {
  title: string;
  mobiledoc: string | null;
  slug: string;
  custom_excerpt: string;
  tags: TagRef[];
  authors: { id: string; name: string }[];
  feature_image: string | null;
  published_at: string | null;
  featured: boolean;
  visibility: string;
  meta_title: string;
  meta_description: string;
  canonical_url: string;
  og_title: string;
  og_description: string;
  og_image: string | null;
  twitter_title: string;
  twitter_description: string;
  twitter_image: string | null;
  codeinjection_head: string;
  codeinjection_foot: string;
}

const TEXT_FIELDS = [
  'custom_excerpt',
  'meta_title',
  'meta_description',
  'canonical_url',
  'og_title',
  'og_description',
  'twitter_title',
  'twitter_description',
  'codeinjection_head',
  'codeinjection_foot',
] as const;

function formOf(post: Post | null): PostForm {
  const text = (key: string) => (post?.[key] as string | null | undefined) ?? '';
  return {
    title: post?.title ?? '',
    mobiledoc: post?.mobiledoc ?? null,
    slug: post?.slug ?? '',
    custom_excerpt: text('custom_excerpt'),
    tags: post?.tags.map((t) => ({ id: t.id, name: t.name, slug: t.slug })) ?? [],
    authors: post?.authors.map((a) => ({ id: a.id, name: a.name })) ?? [],
    feature_image: post?.feature_image ?? null,
    published_at: post?.published_at ?? null,
    featured: post?.featured ?? false,
    visibility: post?.visibility ?? 'public',
    meta_title: text('meta_title'),
    meta_description: text('meta_description'),
    canonical_url: text('canonical_url'),
    og_title: text('og_title'),
    og_description: text('og_description'),
    og_image: (post?.og_image as string | null) ?? null,
    twitter_title: text('twitter_title'),
    twitter_description: text('twitter_description'),
    twitter_image: (post?.twitter_image as string | null) ?? null,
    codeinjection_head: text('codeinjection_head'),
    codeinjection_foot: text('codeinjection_foot'),
  };
}

/** The request body: empty texts are sent as null (no value), the slug only once there is one. */
function inputOf(form: PostForm): Record<string, unknown> {
  const input: Record<string, unknown> = {
    title: form.title,
    mobiledoc: form.mobiledoc,
    tags: form.tags.map((t) => (t.id ? { id: t.id, name: t.name } : { name: t.name })),
    feature_image: form.feature_image,
    featured: form.featured,
    visibility: form.visibility,
    og_image: form.og_image,
    twitter_image: form.twitter_image,
  };
  if (form.slug.trim()) input.slug = form.slug.trim();
  if (form.authors.length) input.authors = form.authors.map((a) => ({ id: a.id }));
  if (form.published_at) input.published_at = form.published_at;
  for (const key of TEXT_FIELDS) input[key] = form[key].trim() ? form[key] : null;
  return input;
}

/** Whether a mobiledoc holds anything: a card, an image, or text (an empty editor yields sections with none). */
function bodyHasContent(mobiledoc: string | null): boolean {
  if (!mobiledoc) return false;
  try {
    const doc = JSON.parse(mobiledoc) as { cards?: unknown[]; sections?: unknown[] };
    if (doc.cards?.length) return true;
    const hasText = (value: unknown): boolean =>
      Array.isArray(value) && (value.length === 4 && typeof value[3] === 'string' && value[3].trim() !== '' ? true : value.some(hasText));
    return (doc.sections ?? []).some((section) => Array.isArray(section) && (section[0] === 2 || hasText(section)));
  } catch {
    return true;
  }
}

type SaveKind = 'auto' | 'update' | 'publish' | 'schedule' | 'unpublish';
const DONE_WORD: Record<SaveKind, string> = { auto: 'Saved', update: 'Updated', publish: 'Published', schedule: 'Scheduled', unpublish: 'Saved' };
const AUTOSAVE_MS = 1000;

export function PostEditor({ type, id: initialId }: { type: PostType; id: string | null }) {
  const resource = resourceOf(type);
  const noun = type === 'post' ? 'post' : 'page';
  const [post, setPost] = useState<Post | null>(null);
  const [loaded, setLoaded] = useState(initialId === null);
  const [form, setForm] = useState<PostForm>(() => formOf(null));
  const [generation, setGeneration] = useState(0);
  const [status, setStatus] = useState('');
  const [error, setError] = useState('');
  const [conflict, setConflict] = useState(false);
  const [dirty, setDirty] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [dialog, setDialog] = useState<'publish' | 'delete' | null>(null);
  const formRef = useRef(form);
  const idRef = useRef(initialId);
  const updatedAt = useRef<string | null>(null);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const conflictRef = useRef(false);
  const settingsButton = useRef<HTMLButtonElement>(null);
  const titleRef = useRef<HTMLTextAreaElement>(null);
  // Contributors write drafts; publishing is for Authors and above (the API refuses it anyway)
  const mayPublish = roleName(useSession().user) !== 'Contributor';
  useDocumentTitle(form.title || (type === 'post' ? 'New post' : 'New page'));

  async function load(): Promise<void> {
    if (!idRef.current) return;
    try {
      const result = await api.get<Record<string, Post[]>>(`${resource}/${idRef.current}/?formats=mobiledoc`);
      const fresh = result[resource][0];
      setPost(fresh);
      updatedAt.current = fresh.updated_at;
      formRef.current = formOf(fresh);
      setForm(formRef.current);
      setDirty(false);
      setGeneration((g) => g + 1);
      setLoaded(true);
    } catch (e) {
      setError(messageOf(e));
      setLoaded(true);
    }
  }

  useEffect(() => {
    void load();
  }, []);

  function update(patch: Partial<PostForm>) {
    // the editor reports its document on every transaction, selection moves included: only a change counts
    const current = formRef.current;
    if ((Object.keys(patch) as (keyof PostForm)[]).every((key) => patch[key] === current[key])) return;
    formRef.current = { ...current, ...patch };
    setForm(formRef.current);
    setDirty(true);
    // the next "Saved" is then news to a screen reader and to the eye
    setStatus((shown) => (shown === 'Saving…' ? shown : 'Unsaved changes'));
  }

  async function runSave(kind: SaveKind, extra: Record<string, unknown>): Promise<boolean> {
    if (conflictRef.current) return false;
    const sent = formRef.current;
    setStatus('Saving…');
    setError('');
    try {
      let saved: Post;
      if (!idRef.current) {
        const result = await api.post<Record<string, Post[]>>(`${resource}/`, { [resource]: [{ ...inputOf(sent), status: 'draft', ...extra }] });
        saved = result[resource][0];
        idRef.current = saved.id;
        // the address becomes the post's own without remounting this screen (unless the user has left it)
        if (mounted.current) history.replaceState(null, '', `${BASE}${resource}/${saved.id}`);
      } else {
        const body = { ...inputOf(sent), ...extra, updated_at: updatedAt.current };
        // anything but an autosave is an explicit save, which the service keeps as a revision
        const query = kind === 'auto' ? '' : '?save_revision=1';
        const result = await api.put<Record<string, Post[]>>(`${resource}/${idRef.current}/${query}`, { [resource]: [body] });
        saved = result[resource][0];
      }
      updatedAt.current = saved.updated_at;
      setPost(saved);
      const overtaken = formRef.current !== sent;
      if (!overtaken) {
        // what the server settled (a slug from the title, new tags' ids), keeping the body as typed
        formRef.current = { ...formOf(saved), mobiledoc: sent.mobiledoc };
        setForm(formRef.current);
        setDirty(false);
      }
      // an autosave overtaken by newer typing has not saved what is on screen: the next one will
      setStatus(kind === 'auto' && overtaken ? 'Unsaved changes' : DONE_WORD[kind]);
      return true;
    } catch (e) {
      if ((e as { status?: number }).status === 409) {
        conflictRef.current = true;
        setConflict(true);
        setStatus('');
      } else {
        setError(messageOf(e));
        setStatus('Not saved');
      }
      return false;
    }
  }

  function save(kind: SaveKind, extra: Record<string, unknown> = {}): Promise<boolean> {
    const run = queue.current.then(() => runSave(kind, extra));
    queue.current = run.then(() => undefined);
    return run;
  }

  const currentStatus = post?.status ?? 'draft';
  const hasContent = form.title.trim() !== '' || bodyHasContent(form.mobiledoc);

  // drafts save themselves a moment after the last change; published posts wait for "Update"
  useEffect(() => {
    if (!dirty || conflict || currentStatus !== 'draft' || !hasContent) return;
    const timer = setTimeout(() => void save('auto'), AUTOSAVE_MS);
    return () => clearTimeout(timer);
  }, [form, dirty, conflict, currentStatus]);

  // a published or scheduled post is not saved by itself: leaving with changes asks first
  useLeaveGuard(dirty && !conflict && currentStatus !== 'draft' ? `This ${noun} has changes that are not saved. Leave without updating it?` : null);

  // leaving the screen before the autosave fired still saves a draft's last changes
  const pending = useRef<() => void>(() => undefined);
  pending.current = () => {
    if (dirty && !conflictRef.current && currentStatus === 'draft' && hasContent) void save('auto');
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
  }, [form.title, loaded]);

  useEffect(() => {
    if (!settingsOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented || document.querySelector('dialog[open]')) return;
      setSettingsOpen(false);
      settingsButton.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [settingsOpen]);

  async function reload() {
    conflictRef.current = false;
    setConflict(false);
    setStatus('');
    await load();
  }

  if (!loaded)
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
              <button type="button" class="button primary" onClick={() => setDialog('publish')} disabled={conflict || !hasContent}>
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
            onClick={() => setSettingsOpen(!settingsOpen)}
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
                (document.querySelector('.editor-host [contenteditable]') as HTMLElement | null)?.focus();
              }
            }}
          />
          <EditorHost mobiledoc={form.mobiledoc} generation={generation} placeholder="Begin writing…" onChange={(mobiledoc) => update({ mobiledoc })} />
        </article>
      </div>
      {settingsOpen && (
        <PostSettings
          type={type}
          form={form}
          update={update}
          onClose={() => {
            setSettingsOpen(false);
            settingsButton.current?.focus();
          }}
          onDelete={() => setDialog('delete')}
          canDelete={idRef.current !== null}
          postId={post?.id ?? null}
          onRestored={() => void load()}
        />
      )}
      {dialog === 'publish' && (
        <PublishDialog
          noun={noun}
          onClose={() => setDialog(null)}
          onPublish={async (at) => {
            const ok = at ? await save('schedule', { status: 'scheduled', published_at: at }) : await save('publish', { status: 'published' });
            if (ok) setDialog(null);
          }}
        />
      )}
      {dialog === 'delete' && (
        <ConfirmDialog
          title={`Delete this ${noun}?`}
          confirm="Delete"
          onClose={() => setDialog(null)}
          onConfirm={async () => {
            await api.del(`${resource}/${idRef.current}/`);
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
            <input id="publish-at" type="datetime-local" value={at} onInput={(e) => setAt(e.currentTarget.value)} />
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
