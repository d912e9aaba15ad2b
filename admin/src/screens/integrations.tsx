import { useEffect, useRef, useState } from 'preact/hooks';
import { EVENT_NAMES } from '../../../lib/events/names';
import { api, messageOf } from '../api';
import type { ApiKey, Integration, Webhook } from '../api-types';
import { Link, navigate } from '../router';
import { ConfirmDialog, copyText, Dialog, ErrorNotice, formatDate, Loading, PageHeader, SelectField, TextField } from '../ui';

// the service's own list, so the choice never offers an event the API would refuse
const EVENTS: readonly string[] = EVENT_NAMES;

function AddIntegrationDialog({ onClose }: { onClose: () => void }) {
  const [name, setName] = useState('');
  const [error, setError] = useState('');
  return (
    <Dialog title="Add integration" onClose={onClose}>
      <form
        class="stack"
        onSubmit={async (e) => {
          e.preventDefault();
          setError('');
          try {
            const r = await api.post<{ integrations: Integration[] }>('integrations/', { integrations: [{ name }] });
            navigate(`integrations/${r.integrations[0].id}`);
          } catch (err) {
            setError(messageOf(err));
          }
        }}
      >
        <ErrorNotice error={error} />
        <TextField label="Name" required value={name} onValue={setName} hint="What will use these keys, e.g. “Website front end”." />
        <div class="dialog-actions">
          <button type="button" class="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" class="button primary">
            Create
          </button>
        </div>
      </form>
    </Dialog>
  );
}

export function IntegrationList() {
  const [items, setItems] = useState<Integration[] | null>(null);
  const [error, setError] = useState('');
  const [adding, setAdding] = useState(false);
  useEffect(() => {
    api.get<{ integrations: Integration[] }>('integrations/?limit=all').then(
      (r) => setItems(r.integrations),
      (e) => (setError(messageOf(e)), setItems([])),
    );
  }, []);
  return (
    <div class="page">
      <PageHeader title="Integrations">
        <button type="button" class="button primary" onClick={() => setAdding(true)}>
          Add integration
        </button>
      </PageHeader>
      <p class="muted intro">An integration holds the keys another program uses: a Content API key to read published content, an Admin API key to write.</p>
      <ErrorNotice error={error} />
      {items === null ? (
        <Loading />
      ) : items.length === 0 ? (
        <div class="empty">
          <p>No integrations yet.</p>
        </div>
      ) : (
        <ul class="cards-list">
          {items.map((i) => (
            <li key={i.id}>
              <Link to={`integrations/${i.id}`}>{i.name}</Link>
              <span class="muted small">{i.description || `Created ${formatDate(i.created_at)}`}</span>
            </li>
          ))}
        </ul>
      )}
      {adding && <AddIntegrationDialog onClose={() => setAdding(false)} />}
    </div>
  );
}

function KeyField({ label, value, onRegenerate }: { label: string; value: string; onRegenerate: () => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);
  const id = `key-${label.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <div class="field key-field">
      <label for={id}>{label}</label>
      <div class="row">
        <input ref={input} id={id} readOnly value={value} class="mono" onFocus={(e) => e.currentTarget.select()} />
        <button
          type="button"
          class="button small"
          aria-label={`Copy ${label}`}
          onClick={async () => {
            await copyText(value, input.current);
            setCopied(true);
            setTimeout(() => setCopied(false), 1500);
          }}
        >
          {copied ? 'Copied' : 'Copy'}
        </button>
        <button type="button" class="button small quiet" aria-label={`Regenerate ${label}`} onClick={onRegenerate}>
          Regenerate
        </button>
      </div>
    </div>
  );
}

function WebhookDialog({
  integrationId,
  webhook,
  onClose,
  onSaved,
}: {
  integrationId: string;
  webhook: Webhook | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [name, setName] = useState(webhook?.name ?? '');
  const [event, setEvent] = useState(webhook?.event ?? 'post.published');
  const [url, setUrl] = useState(webhook?.target_url ?? '');
  const [secret, setSecret] = useState(webhook?.secret ?? '');
  const [error, setError] = useState('');
  return (
    <Dialog title={webhook ? 'Edit webhook' : 'Add webhook'} onClose={onClose}>
      <form
        class="stack"
        onSubmit={async (e) => {
          e.preventDefault();
          setError('');
          const body = { name: name || null, event, target_url: url, secret: secret || null };
          try {
            if (webhook) await api.put(`webhooks/${webhook.id}/`, { webhooks: [body] });
            else await api.post('webhooks/', { webhooks: [{ ...body, integration_id: integrationId }] });
            onSaved();
          } catch (err) {
            setError(messageOf(err));
          }
        }}
      >
        <ErrorNotice error={error} />
        <TextField label="Webhook name" value={name} onValue={setName} />
        <SelectField label="Event" value={event} onValue={(value) => setEvent(value as Webhook['event'])} options={EVENTS.map((e) => [e, e])} />
        <TextField label="Target URL" type="url" required value={url} onValue={setUrl} placeholder="https://example.com/hooks/pressroom" />
        <TextField label="Secret" value={secret} onValue={setSecret} hint="Optional: deliveries are signed with it." />
        <div class="dialog-actions">
          <button type="button" class="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" class="button primary">
            {webhook ? 'Save webhook' : 'Add webhook'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/** The admin key a client signs with: v5 shows it as `<id>:<secret>`, v3 shows the secret alone. */
const adminKey = (key: ApiKey): string => (key.secret.startsWith(`${key.id}:`) ? key.secret : `${key.id}:${key.secret}`);

function deliveryStatus(w: Webhook): string {
  if (!w.last_triggered_at) return 'Not delivered yet';
  const when = formatDate(w.last_triggered_at);
  if (w.last_triggered_error) return `Failed ${when}: ${w.last_triggered_error}`;
  return `${w.last_triggered_status ?? 'Delivered'} · ${when}`;
}

export function IntegrationScreen({ id }: { id: string }) {
  const [item, setItem] = useState<Integration | null>(null);
  const [error, setError] = useState('');
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [status, setStatus] = useState('');
  const [dialog, setDialog] = useState<
    | null
    | { kind: 'regenerate'; key: ApiKey }
    | { kind: 'delete' }
    | { kind: 'webhook'; webhook: Webhook | null }
    | { kind: 'delete-webhook'; webhook: Webhook }
  >(null);

  const load = () =>
    api.get<{ integrations: Integration[] }>(`integrations/${id}/?include=api_keys,webhooks`).then(
      (r) => {
        const i = r.integrations[0];
        setItem(i);
        setName(i.name);
        setDescription(i.description ?? '');
      },
      (e) => setError(messageOf(e)),
    );
  useEffect(() => void load(), [id]);

  if (!item) return <div class="page">{error ? <ErrorNotice error={error} /> : <Loading />}</div>;
  const content = item.api_keys?.find((k) => k.type === 'content');
  const admin = item.api_keys?.find((k) => k.type === 'admin');
  return (
    <div class="page narrow">
      <Link to="integrations" class="back">
        ← Integrations
      </Link>
      <PageHeader title={item.name} />
      <ErrorNotice error={error} />
      <section class="card stack" aria-labelledby="i-keys">
        <h2 id="i-keys">API keys</h2>
        {content && <KeyField label="Content API key" value={content.secret} onRegenerate={() => setDialog({ kind: 'regenerate', key: content })} />}
        {admin && <KeyField label="Admin API key" value={adminKey(admin)} onRegenerate={() => setDialog({ kind: 'regenerate', key: admin })} />}
      </section>
      <form
        class="card stack"
        onSubmit={async (e) => {
          e.preventDefault();
          setError('');
          try {
            await api.put(`integrations/${id}/`, { integrations: [{ name, description }] });
            setStatus('Saved');
            void load();
          } catch (err) {
            setError(messageOf(err));
          }
        }}
      >
        <h2>Details</h2>
        <TextField label="Integration name" required value={name} onValue={setName} />
        <TextField label="Description" value={description} onValue={setDescription} />
        <div class="form-actions">
          <button type="submit" class="button">
            Save
          </button>
          <output aria-live="polite">{status}</output>
        </div>
      </form>
      <section class="card stack" aria-labelledby="i-hooks">
        <div class="row between">
          <h2 id="i-hooks">Webhooks</h2>
          <button type="button" class="button small" onClick={() => setDialog({ kind: 'webhook', webhook: null })}>
            Add webhook
          </button>
        </div>
        {(item.webhooks ?? []).length === 0 ? (
          <p class="muted small">No webhooks. A webhook calls a URL of yours when something happens, such as a post being published.</p>
        ) : (
          <table class="table">
            <thead>
              <tr>
                <th scope="col">Event</th>
                <th scope="col">Target</th>
                <th scope="col">Last delivery</th>
                <th scope="col">
                  <span class="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {item.webhooks!.map((w) => (
                <tr key={w.id}>
                  <td>
                    <span class="mono">{w.event}</span>
                    {w.name && <div class="muted small">{w.name}</div>}
                  </td>
                  <td class="mono break">{w.target_url}</td>
                  <td class="small">{deliveryStatus(w)}</td>
                  <td class="actions">
                    <button
                      type="button"
                      class="button small quiet"
                      aria-label={`Edit webhook ${w.name ?? w.event}`}
                      onClick={() => setDialog({ kind: 'webhook', webhook: w })}
                    >
                      Edit
                    </button>
                    <button
                      type="button"
                      class="button small quiet"
                      aria-label={`Delete webhook ${w.name ?? w.event}`}
                      onClick={() => setDialog({ kind: 'delete-webhook', webhook: w })}
                    >
                      Delete
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <div class="danger-zone">
        <button type="button" class="button danger-outline" onClick={() => setDialog({ kind: 'delete' })}>
          Delete integration
        </button>
      </div>
      {dialog?.kind === 'regenerate' && (
        <ConfirmDialog
          title={`Regenerate the ${dialog.key.type === 'content' ? 'Content' : 'Admin'} API key?`}
          confirm="Regenerate"
          onClose={() => setDialog(null)}
          onConfirm={async () => {
            await api.post(`integrations/${id}/api_key/${dialog.key.id}/refresh/`, {});
            setDialog(null);
            await load();
          }}
        >
          <p>Programs using the current key stop working until they get the new one.</p>
        </ConfirmDialog>
      )}
      {dialog?.kind === 'delete' && (
        <ConfirmDialog
          title="Delete this integration?"
          confirm="Delete"
          onClose={() => setDialog(null)}
          onConfirm={async () => {
            await api.del(`integrations/${id}/`);
            navigate('integrations');
          }}
        >
          <p>Its keys stop working at once and its webhooks are removed.</p>
        </ConfirmDialog>
      )}
      {dialog?.kind === 'delete-webhook' && (
        <ConfirmDialog
          title="Delete this webhook?"
          confirm="Delete"
          onClose={() => setDialog(null)}
          onConfirm={async () => {
            await api.del(`webhooks/${dialog.webhook.id}/`);
            setDialog(null);
            await load();
          }}
        >
          <p>
            {dialog.webhook.target_url} will no longer be called on {dialog.webhook.event}.
          </p>
        </ConfirmDialog>
      )}
      {dialog?.kind === 'webhook' && (
        <WebhookDialog
          integrationId={id}
          webhook={dialog.webhook}
          onClose={() => setDialog(null)}
          onSaved={() => {
            setDialog(null);
            void load();
          }}
        />
      )}
    </div>
  );
}
