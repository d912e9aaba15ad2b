import { useEffect, useState } from 'preact/hooks';
import { api, messageOf } from '../api';
import type { Tag } from '../api-types';
import { Link, navigate } from '../router';
import { isEditor, roleName, useSession } from '../session';
import { ConfirmDialog, ErrorNotice, ImageField, Loading, PageHeader, TextArea, TextField } from '../ui';

export function TagList() {
  // Contributors only read tags; Authors may add them; Editors and above manage them
  const { user } = useSession();
  const mayAdd = roleName(user) !== 'Contributor';
  const [tags, setTags] = useState<Tag[] | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    api.get<{ tags: Tag[] }>('tags/?limit=all&include=count.posts&order=name%20asc').then(
      (r) => setTags(r.tags),
      (e) => (setError(messageOf(e)), setTags([])),
    );
  }, []);
  return (
    <div class="page">
      <PageHeader title="Tags">
        {mayAdd && (
          <Link to="tags/new" class="button primary">
            New tag
          </Link>
        )}
      </PageHeader>
      <ErrorNotice error={error} />
      {tags === null ? (
        <Loading />
      ) : tags.length === 0 ? (
        <div class="empty">
          <p>No tags yet. Tags group posts by topic; add one here or while writing.</p>
        </div>
      ) : (
        <table class="table">
          <thead>
            <tr>
              <th scope="col">Tag</th>
              <th scope="col">Slug</th>
              <th scope="col" class="num">
                Posts
              </th>
            </tr>
          </thead>
          <tbody>
            {tags.map((tag) => (
              <tr key={tag.id}>
                <td>
                  {tag.accent_color && <span class="swatch" style={{ background: tag.accent_color }} aria-hidden="true" />}
                  <Link to={`tags/${tag.id}`}>{tag.name}</Link>
                  {tag.description && <div class="muted small">{tag.description}</div>}
                </td>
                <td class="mono">{tag.slug}</td>
                <td class="num">{tag.count?.posts ?? 0}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

const blank = { name: '', slug: '', description: '', accent_color: '', feature_image: null as string | null, meta_title: '', meta_description: '' };

export function TagEditor({ id }: { id: string | null }) {
  const { user } = useSession();
  const mayManage = isEditor(user) || (id === null && roleName(user) === 'Author');
  const [form, setForm] = useState(blank);
  const [loaded, setLoaded] = useState(id === null);
  const [error, setError] = useState('');
  const [status, setStatus] = useState('');
  const [confirm, setConfirm] = useState(false);
  useEffect(() => {
    if (!id) return;
    api.get<{ tags: Tag[] }>(`tags/${id}/`).then(
      (r) => {
        const t = r.tags[0];
        setForm({
          name: t.name,
          slug: t.slug,
          description: t.description ?? '',
          accent_color: t.accent_color ?? '',
          feature_image: t.feature_image,
          meta_title: t.meta_title ?? '',
          meta_description: t.meta_description ?? '',
        });
        setLoaded(true);
      },
      (e) => (setError(messageOf(e)), setLoaded(true)),
    );
  }, [id]);
  const set = (patch: Partial<typeof blank>) => setForm({ ...form, ...patch });
  if (!loaded)
    return (
      <div class="page">
        <Loading />
      </div>
    );
  return (
    <div class="page narrow">
      <Link to="tags" class="back">
        ← Tags
      </Link>
      <PageHeader title={id ? form.name || 'Tag' : 'New tag'} />
      <form
        class="card stack"
        onSubmit={async (e) => {
          e.preventDefault();
          setError('');
          setStatus('Saving…');
          const body = {
            name: form.name,
            description: form.description || null,
            feature_image: form.feature_image,
            accent_color: form.accent_color || null,
            meta_title: form.meta_title || null,
            meta_description: form.meta_description || null,
            ...(form.slug ? { slug: form.slug } : {}),
          };
          try {
            const r = id ? await api.put<{ tags: Tag[] }>(`tags/${id}/`, { tags: [body] }) : await api.post<{ tags: Tag[] }>('tags/', { tags: [body] });
            setStatus('Saved');
            if (!id) navigate(`tags/${r.tags[0].id}`, { replace: true });
            else set({ slug: r.tags[0].slug });
          } catch (err) {
            setError(messageOf(err));
            setStatus('');
          }
        }}
      >
        <ErrorNotice error={error} />
        <div class="grid-2">
          <TextField label="Name" required value={form.name} onValue={(name) => set({ name })} />
          <TextField label="Slug" value={form.slug} onValue={(slug) => set({ slug })} spellcheck={false} />
        </div>
        <TextArea label="Description" rows={3} maxLength={500} value={form.description} onValue={(description) => set({ description })} />
        <div class="field colour">
          <label for="tag-colour">Colour</label>
          <div class="row">
            <input id="tag-colour" type="color" value={form.accent_color || '#3b5bdb'} onInput={(e) => set({ accent_color: e.currentTarget.value })} />
            <span class="mono">{form.accent_color || 'none'}</span>
            {form.accent_color && (
              <button type="button" class="button small quiet" onClick={() => set({ accent_color: '' })}>
                Clear colour
              </button>
            )}
          </div>
        </div>
        <ImageField label="Tag image" value={form.feature_image} onValue={(feature_image) => set({ feature_image })} />
        <TextField label="Meta title" value={form.meta_title} onValue={(meta_title) => set({ meta_title })} maxLength={300} />
        <TextArea label="Meta description" rows={2} value={form.meta_description} onValue={(meta_description) => set({ meta_description })} maxLength={500} />
        <div class="form-actions">
          {mayManage && (
            <button type="submit" class="button primary">
              Save tag
            </button>
          )}
          <output aria-live="polite">{status}</output>
          <div class="spacer" />
          {id && isEditor(user) && (
            <button type="button" class="button danger-outline" onClick={() => setConfirm(true)}>
              Delete tag
            </button>
          )}
        </div>
      </form>
      {confirm && (
        <ConfirmDialog
          title="Delete this tag?"
          confirm="Delete"
          onClose={() => setConfirm(false)}
          onConfirm={async () => {
            await api.del(`tags/${id}/`);
            navigate('tags');
          }}
        >
          <p>“{form.name}” is removed from every post that has it. The posts themselves stay.</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
