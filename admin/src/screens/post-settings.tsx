import { useEffect, useId, useRef, useState } from 'preact/hooks';
import { api } from '../api';
import type { Tag as FullTag, User } from '../api-types';
import type { PostForm, PostType, TagRef } from '../posts';
import { fromLocalInput, toLocalInput, zoneHint } from '../time';
import { Checkbox, ImageField, SelectField, TextArea, TextField } from '../ui';
import { HistoryButton } from './post-history';

type Tag = Pick<FullTag, 'id' | 'name' | 'slug'>;
type Staff = Pick<User, 'id' | 'name'>;

function TagsInput({ value, onValue }: { value: TagRef[]; onValue: (tags: TagRef[]) => void }) {
  const [all, setAll] = useState<Tag[]>([]);
  const [typed, setTyped] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const id = useId();
  useEffect(() => {
    api.get<{ tags: Tag[] }>('tags/?limit=all&fields=id,name,slug').then(
      (r) => setAll(r.tags),
      () => setAll([]),
    );
  }, []);
  const chosen = new Set(value.map((t) => t.name.toLowerCase()));
  const needle = typed.trim().toLowerCase();
  const matches = all.filter((t) => !chosen.has(t.name.toLowerCase()) && (!needle || t.name.toLowerCase().includes(needle))).slice(0, 8);
  const showList = open && matches.length > 0;

  function add(tag: TagRef) {
    if (!tag.name.trim() || chosen.has(tag.name.trim().toLowerCase())) return;
    onValue([...value, { ...tag, name: tag.name.trim() }]);
    setTyped('');
    setActive(-1);
  }

  return (
    <div class="field tags-field">
      <label for={id}>Tags</label>
      {value.length > 0 && (
        <ul class="chips" aria-label="Chosen tags">
          {value.map((tag) => (
            <li key={tag.name} class="chip">
              <span>{tag.name}</span>
              <button type="button" aria-label={`Remove tag ${tag.name}`} onClick={() => onValue(value.filter((t) => t !== tag))}>
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <div class="combo">
        <input
          id={id}
          role="combobox"
          aria-expanded={showList}
          aria-controls={`${id}-list`}
          aria-autocomplete="list"
          aria-activedescendant={showList && active >= 0 ? `${id}-opt-${active}` : undefined}
          autocomplete="off"
          placeholder="Add a tag and press Enter"
          value={typed}
          onInput={(e) => {
            setTyped(e.currentTarget.value);
            setOpen(true);
            setActive(-1);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setTimeout(() => setOpen(false), 150)}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown') {
              e.preventDefault();
              setOpen(true);
              setActive(Math.min(active + 1, matches.length - 1));
            } else if (e.key === 'ArrowUp') {
              e.preventDefault();
              setActive(Math.max(active - 1, -1));
            } else if (e.key === 'Enter') {
              e.preventDefault();
              if (showList && active >= 0) add(matches[active]);
              else {
                const existing = all.find((t) => t.name.toLowerCase() === needle);
                add(existing ?? { name: typed });
              }
            } else if (e.key === 'Escape' && showList) {
              e.preventDefault();
              setOpen(false);
            } else if (e.key === 'Backspace' && typed === '' && value.length) onValue(value.slice(0, -1));
          }}
        />
        <ul id={`${id}-list`} role="listbox" aria-label="Tag suggestions" class="listbox" hidden={!showList}>
          {matches.map((tag, i) => (
            <li
              key={tag.id}
              id={`${id}-opt-${i}`}
              role="option"
              aria-selected={i === active}
              class={i === active ? 'active' : undefined}
              onMouseDown={(e) => {
                e.preventDefault();
                add(tag);
              }}
            >
              {tag.name}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

function AuthorsInput({ value, onValue }: { value: { id: string; name: string }[]; onValue: (authors: { id: string; name: string }[]) => void }) {
  const [staff, setStaff] = useState<Staff[]>([]);
  useEffect(() => {
    api.get<{ users: Staff[] }>('users/?limit=all&fields=id,name').then(
      (r) => setStaff(r.users),
      () => setStaff([]),
    );
  }, []);
  const chosen = new Set(value.map((a) => a.id));
  return (
    <fieldset class="field authors">
      <legend>Authors</legend>
      {staff.map((person) => (
        <Checkbox
          key={person.id}
          label={person.name}
          checked={chosen.has(person.id)}
          onChecked={(on) => {
            const next = on ? [...value, { id: person.id, name: person.name }] : value.filter((a) => a.id !== person.id);
            if (next.length) onValue(next);
          }}
        />
      ))}
    </fieldset>
  );
}

function Section({ title, children }: { title: string; children: preact.ComponentChildren }) {
  return (
    <details class="section">
      <summary>{title}</summary>
      <div class="section-body">{children}</div>
    </details>
  );
}

export function PostSettings({
  type,
  form,
  update,
  onClose,
  onDelete,
  canDelete,
  postId,
  onRestored,
}: {
  type: PostType;
  form: PostForm;
  update: (patch: Partial<PostForm>) => void;
  onClose: () => void;
  onDelete: () => void;
  canDelete: boolean;
  /** The saved post's id (none before its first save) and what to do once a revision is restored. */
  postId?: string | null;
  onRestored?: () => void;
}) {
  const closeButton = useRef<HTMLButtonElement>(null);
  useEffect(() => closeButton.current?.focus(), []);
  const noun = type === 'post' ? 'post' : 'page';
  return (
    <aside id="post-settings" class="settings-panel" aria-labelledby="post-settings-title">
      <header class="panel-header">
        <h2 id="post-settings-title">{type === 'post' ? 'Post settings' : 'Page settings'}</h2>
        <button ref={closeButton} type="button" class="button quiet small" onClick={onClose}>
          Close settings
        </button>
      </header>
      <div class="panel-body">
        {postId && onRestored && <HistoryButton type={type} postId={postId} onRestored={onRestored} />}
        <TagsInput value={form.tags} onValue={(tags) => update({ tags })} />
        <TextField label="Slug" value={form.slug} onValue={(slug) => update({ slug })} spellcheck={false} />
        <TextArea label="Excerpt" rows={3} value={form.custom_excerpt} onValue={(custom_excerpt) => update({ custom_excerpt })} maxLength={300} />
        <TextField
          label="Publish date"
          type="datetime-local"
          value={toLocalInput(form.published_at)}
          onValue={(value) => update({ published_at: fromLocalInput(value) })}
          hint={zoneHint()}
        />
        <AuthorsInput value={form.authors} onValue={(authors) => update({ authors })} />
        <ImageField label="Feature image" value={form.feature_image} onValue={(feature_image) => update({ feature_image })} />
        <Checkbox label={`Feature this ${noun}`} checked={form.featured} onChecked={(featured) => update({ featured })} />
        <SelectField
          label="Visibility"
          value={form.visibility}
          onValue={(visibility) => update({ visibility: visibility as PostForm['visibility'] })}
          options={[
            ['public', 'Public'],
            ['members', 'Members only'],
            ['paid', 'Paid members only'],
          ]}
        />
        <Section title="Meta data">
          <TextField label="Meta title" value={form.meta_title} onValue={(meta_title) => update({ meta_title })} maxLength={300} />
          <TextArea
            label="Meta description"
            rows={3}
            value={form.meta_description}
            onValue={(meta_description) => update({ meta_description })}
            maxLength={500}
          />
          <TextField label="Canonical URL" type="url" value={form.canonical_url} onValue={(canonical_url) => update({ canonical_url })} />
        </Section>
        <Section title="Facebook card">
          <TextField label="Facebook title" value={form.og_title} onValue={(og_title) => update({ og_title })} maxLength={300} />
          <TextArea
            label="Facebook description"
            rows={3}
            value={form.og_description}
            onValue={(og_description) => update({ og_description })}
            maxLength={500}
          />
          <ImageField label="Facebook image" value={form.og_image} onValue={(og_image) => update({ og_image })} />
        </Section>
        <Section title="Twitter card">
          <TextField label="Twitter title" value={form.twitter_title} onValue={(twitter_title) => update({ twitter_title })} maxLength={300} />
          <TextArea
            label="Twitter description"
            rows={3}
            value={form.twitter_description}
            onValue={(twitter_description) => update({ twitter_description })}
            maxLength={500}
          />
          <ImageField label="Twitter image" value={form.twitter_image} onValue={(twitter_image) => update({ twitter_image })} />
        </Section>
        <Section title="Code injection">
          <TextArea
            label={`${type === 'post' ? 'Post' : 'Page'} header code`}
            class="code"
            rows={4}
            value={form.codeinjection_head}
            onValue={(codeinjection_head) => update({ codeinjection_head })}
            spellcheck={false}
          />
          <TextArea
            label={`${type === 'post' ? 'Post' : 'Page'} footer code`}
            class="code"
            rows={4}
            value={form.codeinjection_foot}
            onValue={(codeinjection_foot) => update({ codeinjection_foot })}
            spellcheck={false}
          />
        </Section>
        <div class="danger-zone">
          <button type="button" class="button danger-outline" onClick={onDelete} disabled={!canDelete}>
            {type === 'post' ? 'Delete post' : 'Delete page'}
          </button>
        </div>
      </div>
    </aside>
  );
}
