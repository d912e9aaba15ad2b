import { useEffect, useRef, useState } from 'preact/hooks';
import { api, messageOf } from '../api';
import type { Theme } from '../api-types';
import { ConfirmDialog, ErrorNotice, Loading, PageHeader } from '../ui';

export function Themes() {
  const [themes, setThemes] = useState<Theme[] | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [removing, setRemoving] = useState<Theme | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const load = () =>
    api.get<{ themes: Theme[] }>('themes/').then(
      (r) => setThemes(r.themes),
      (e) => (setError(messageOf(e)), setThemes([])),
    );
  useEffect(() => void load(), []);
  return (
    <div class="page">
      <PageHeader title="Themes">
        <button type="button" class="button primary" disabled={busy} onClick={() => input.current?.click()}>
          {busy ? 'Uploading…' : 'Upload theme'}
        </button>
        <input
          ref={input}
          type="file"
          accept=".zip,application/zip"
          hidden
          aria-label="Theme zip file"
          onChange={async (e) => {
            const file = e.currentTarget.files?.[0];
            e.currentTarget.value = '';
            if (!file) return;
            setBusy(true);
            setError('');
            try {
              const form = new FormData();
              form.append('file', file);
              await api.post('themes/upload/', form);
              await load();
            } catch (err) {
              setError(messageOf(err));
            } finally {
              setBusy(false);
            }
          }}
        />
      </PageHeader>
      <ErrorNotice error={error} />
      {themes === null ? (
        <Loading />
      ) : (
        <ul class="cards-list">
          {themes.map((t) => (
            <li key={t.name}>
              <span class="person">
                <strong>{t.package?.name ?? t.name}</strong>
                <span class="muted small">{[t.package?.version && `v${t.package.version}`, t.package?.description].filter(Boolean).join(' · ') || t.name}</span>
              </span>
              {t.active ? (
                <span class="status status-published">Active</span>
              ) : (
                <span class="row">
                  <button
                    type="button"
                    class="button small"
                    aria-label={`Activate ${t.name}`}
                    onClick={async () => {
                      setError('');
                      try {
                        await api.put(`themes/${encodeURIComponent(t.name)}/activate/`);
                        await load();
                      } catch (err) {
                        setError(messageOf(err));
                      }
                    }}
                  >
                    Activate
                  </button>
                  <button type="button" class="button small quiet" aria-label={`Delete ${t.name}`} onClick={() => setRemoving(t)}>
                    Delete
                  </button>
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
      {removing && (
        <ConfirmDialog
          title={`Delete ${removing.name}?`}
          confirm="Delete"
          onClose={() => setRemoving(null)}
          onConfirm={async () => {
            await api.del(`themes/${encodeURIComponent(removing.name)}/`);
            setRemoving(null);
            await load();
          }}
        >
          <p>The theme's files are removed from the site.</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
