import { useEffect, useState } from 'preact/hooks';
import { api, messageOf } from '../api';
import { setSiteTimeZone } from '../time';
import { Link } from '../router';
import { ErrorNotice, ImageField, Loading, PageHeader, SelectField, TextArea, TextField } from '../ui';

interface NavItem {
  label: string;
  url: string;
}
type Values = Record<string, string | null>;

function parseNav(value: string | null | undefined): NavItem[] {
  try {
    const list = JSON.parse(value ?? '[]') as NavItem[];
    return Array.isArray(list) ? list : [];
  } catch {
    return [];
  }
}

function timezones(): string[] {
  const supported = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.('timeZone') ?? [];
  return ['Etc/UTC', ...supported.filter((z) => z !== 'UTC' && z !== 'Etc/UTC')];
}

function NavigationEditor({ title, items, onItems }: { title: string; items: NavItem[]; onItems: (items: NavItem[]) => void }) {
  const move = (from: number, to: number) => {
    const next = [...items];
    const [item] = next.splice(from, 1);
    next.splice(to, 0, item);
    onItems(next);
  };
  const set = (index: number, patch: Partial<NavItem>) => onItems(items.map((item, i) => (i === index ? { ...item, ...patch } : item)));
  return (
    <fieldset class="nav-editor">
      <legend>{title}</legend>
      {items.length === 0 && <p class="muted small">No items.</p>}
      <ol>
        {items.map((item, i) => (
          <li key={i} class="nav-row">
            <input
              aria-label={`${title} item ${i + 1} label`}
              placeholder="Label"
              value={item.label}
              onInput={(e) => set(i, { label: e.currentTarget.value })}
            />
            <input
              aria-label={`${title} item ${i + 1} URL`}
              placeholder="/about/ or https://…"
              value={item.url}
              onInput={(e) => set(i, { url: e.currentTarget.value })}
            />
            <button
              type="button"
              class="button small quiet"
              aria-label={`Move ${item.label || `item ${i + 1}`} up`}
              disabled={i === 0}
              onClick={() => move(i, i - 1)}
            >
              ↑
            </button>
            <button
              type="button"
              class="button small quiet"
              aria-label={`Move ${item.label || `item ${i + 1}`} down`}
              disabled={i === items.length - 1}
              onClick={() => move(i, i + 1)}
            >
              ↓
            </button>
            <button
              type="button"
              class="button small quiet"
              aria-label={`Remove ${item.label || `item ${i + 1}`}`}
              onClick={() => onItems(items.filter((_, j) => j !== i))}
            >
              Remove
            </button>
          </li>
        ))}
      </ol>
      <button type="button" class="button small" onClick={() => onItems([...items, { label: '', url: '' }])}>
        Add {title.toLowerCase()} item
      </button>
    </fieldset>
  );
}

export function Settings() {
  const [saved, setSaved] = useState<Values | null>(null);
  const [values, setValues] = useState<Values>({});
  const [error, setError] = useState('');
  const [status, setStatus] = useState('');
  useEffect(() => {
    api.get<{ settings: { key: string; value: string | null }[] }>('settings/').then(
      (r) => {
        const map = Object.fromEntries(r.settings.map((s) => [s.key, s.value]));
        setSaved(map);
        setValues(map);
      },
      (e) => setError(messageOf(e)),
    );
  }, []);
  if (!saved) return <div class="page">{error ? <ErrorNotice error={error} /> : <Loading />}</div>;
  const text = (key: string) => values[key] ?? '';
  const set = (key: string) => (value: string | null) => setValues({ ...values, [key]: value });
  const field = (key: string, label: string, max?: number) => <TextField label={label} value={text(key)} onValue={set(key)} maxLength={max} />;
  const area = (key: string, label: string, max?: number) => <TextArea label={label} rows={2} value={text(key)} onValue={set(key)} maxLength={max} />;

  return (
    <div class="page narrow">
      <form
        onSubmit={async (e) => {
          e.preventDefault();
          setError('');
          const changed = Object.keys(values)
            .filter((key) => values[key] !== saved[key] && key !== 'active_theme')
            .map((key) => {
              const value = values[key];
              if (key === 'navigation' || key === 'secondary_navigation')
                return { key, value: JSON.stringify(parseNav(value).filter((i) => i.label.trim() || i.url.trim())) };
              return { key, value: value === '' && key !== 'title' ? null : value };
            });
          if (!changed.length) return setStatus('No changes');
          setStatus('Saving…');
          try {
            const r = await api.put<{ settings: { key: string; value: string | null }[] }>('settings/', { settings: changed });
            const map = Object.fromEntries(r.settings.map((s) => [s.key, s.value]));
            setSaved(map);
            setValues(map);
            setSiteTimeZone(map.timezone);
            setStatus('Saved');
          } catch (err) {
            setError(messageOf(err));
            setStatus('');
          }
        }}
      >
        <PageHeader title="Settings">
          <output aria-live="polite" class="save-state">
            {status}
          </output>
          <Link to="settings/activity" class="button">
            Activity
          </Link>
          <button type="submit" class="button primary">
            Save settings
          </button>
        </PageHeader>
        <ErrorNotice error={error} />
        <section class="card stack" aria-labelledby="s-general">
          <h2 id="s-general">General</h2>
          {field('title', 'Site title', 150)}
          {area('description', 'Site description', 200)}
          <div class="grid-2">
            <SelectField
              label="Timezone"
              value={text('timezone') || 'Etc/UTC'}
              onValue={set('timezone')}
              options={timezones().map((z) => [z, z.replace(/_/g, ' ')])}
            />
            <TextField label="Locale" value={text('locale')} onValue={set('locale')} hint="A language tag such as en or pt-BR." />
          </div>
        </section>
        <section class="card stack" aria-labelledby="s-brand">
          <h2 id="s-brand">Branding</h2>
          <div class="grid-3">
            <ImageField label="Logo" value={values.logo ?? null} onValue={set('logo')} />
            <ImageField label="Icon" purpose="icon" value={values.icon ?? null} onValue={set('icon')} />
            <ImageField label="Cover image" value={values.cover_image ?? null} onValue={set('cover_image')} />
          </div>
          <div class="field colour">
            <label for="accent">Accent colour</label>
            <div class="row">
              <input id="accent" type="color" value={text('accent_color') || '#3b5bdb'} onInput={(e) => set('accent_color')(e.currentTarget.value)} />
              <span class="mono">{text('accent_color') || 'none'}</span>
            </div>
          </div>
        </section>
        <section class="card stack" aria-labelledby="s-nav">
          <h2 id="s-nav">Navigation</h2>
          <NavigationEditor title="Primary navigation" items={parseNav(values.navigation)} onItems={(items) => set('navigation')(JSON.stringify(items))} />
          <NavigationEditor
            title="Secondary navigation"
            items={parseNav(values.secondary_navigation)}
            onItems={(items) => set('secondary_navigation')(JSON.stringify(items))}
          />
        </section>
        <section class="card stack" aria-labelledby="s-meta">
          <h2 id="s-meta">Search and social</h2>
          {field('meta_title', 'Meta title', 300)}
          {area('meta_description', 'Meta description', 500)}
          <div class="grid-2">
            <div class="stack">
              {field('og_title', 'Facebook title', 300)}
              {area('og_description', 'Facebook description', 500)}
              <ImageField label="Facebook image" value={values.og_image ?? null} onValue={set('og_image')} />
            </div>
            <div class="stack">
              {field('twitter_title', 'Twitter title', 300)}
              {area('twitter_description', 'Twitter description', 500)}
              <ImageField label="Twitter image" value={values.twitter_image ?? null} onValue={set('twitter_image')} />
            </div>
          </div>
          <div class="grid-2">
            {field('facebook', 'Facebook page')}
            {field('twitter', 'Twitter profile')}
          </div>
        </section>
        <section class="card stack" aria-labelledby="s-code">
          <h2 id="s-code">Code injection</h2>
          <TextArea label="Site header code" class="code" rows={4} value={text('codeinjection_head')} onValue={set('codeinjection_head')} spellcheck={false} />
          <TextArea label="Site footer code" class="code" rows={4} value={text('codeinjection_foot')} onValue={set('codeinjection_foot')} spellcheck={false} />
        </section>
      </form>
    </div>
  );
}
