// Settings → Activity: the activity log (`GET actions/`), newest first, filtered by kind of record and event.
import { useEffect, useState } from 'preact/hooks';
import { api, messageOf } from '../api';
import { Link } from '../router';
import { ErrorNotice, Loading, PageHeader, SelectField, formatDate } from '../ui';

interface Action {
  id: string;
  resource_type: string;
  actor_type: string;
  event: string;
  context: string | null;
  created_at: string;
  actor: { name: string | null };
}
interface Page {
  actions: Action[];
  meta: { pagination: { page: number; pages: number; total: number } };
}

const RESOURCES: [string, string][] = [
  ['', 'Everything'],
  ['post', 'Posts'],
  ['page', 'Pages'],
  ['tag', 'Tags'],
  ['user', 'Staff'],
  ['invite', 'Invitations'],
  ['setting', 'Settings'],
  ['theme', 'Themes'],
  ['integration', 'Integrations'],
  ['webhook', 'Webhooks'],
];
const EVENTS: [string, string][] = [
  ['', 'Any change'],
  ['added', 'Added'],
  ['edited', 'Edited'],
  ['deleted', 'Deleted'],
];

function describe(action: Action): string {
  let context: { primary_name?: string | null; action?: string; keys?: string[] } = {};
  try {
    context = JSON.parse(action.context ?? '{}');
  } catch {
    // an entry written by another tool: shown without its details
  }
  const what = action.resource_type === 'setting' ? `settings (${(context.keys ?? []).join(', ')})` : `${action.resource_type} “${context.primary_name ?? ''}”`;
  const how = context.action ? ` (${context.action.replace(/_/g, ' ')})` : '';
  return `${action.event} ${what}${how}`;
}

export function Activity() {
  const [resource, setResource] = useState('');
  const [event, setEvent] = useState('');
  const [page, setPage] = useState(1);
  const [result, setResult] = useState<Page | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    const filter = [resource && `resource_type:${resource}`, event && `event:${event}`].filter(Boolean).join('+');
    setResult(null);
    api.get<Page>(`actions/?limit=25&page=${page}${filter ? `&filter=${encodeURIComponent(filter)}` : ''}`).then(setResult, (e) => setError(messageOf(e)));
  }, [resource, event, page]);
  const pagination = result?.meta.pagination;
  return (
    <div class="page narrow">
      <PageHeader title="Activity">
        <Link to="settings" class="button">
          Back to settings
        </Link>
      </PageHeader>
      <p class="muted">Who added, edited or deleted what, staff and integrations alike. Entries are kept for 90 days.</p>
      <div class="row">
        <SelectField label="Record" value={resource} onValue={(v) => (setResource(v), setPage(1))} options={RESOURCES} />
        <SelectField label="Event" value={event} onValue={(v) => (setEvent(v), setPage(1))} options={EVENTS} />
      </div>
      <ErrorNotice error={error} />
      {!result ? (
        <Loading />
      ) : result.actions.length === 0 ? (
        <p class="muted">Nothing recorded{resource || event ? ' that matches' : ''}.</p>
      ) : (
        <ol class="people" aria-label="Activity log">
          {result.actions.map((a) => (
            <li key={a.id}>
              <span class="person">
                <span>
                  <strong>{a.actor.name ?? (a.actor_type === 'integration' ? 'A deleted integration' : 'A deleted user')}</strong> {describe(a)}
                </span>
                <span class="muted small">
                  <time dateTime={a.created_at}>{formatDate(a.created_at)}</time>
                  {a.actor_type === 'integration' ? ' · integration' : ''}
                </span>
              </span>
            </li>
          ))}
        </ol>
      )}
      {pagination && pagination.pages > 1 && (
        <div class="row">
          <button type="button" class="button" disabled={pagination.page <= 1} onClick={() => setPage(page - 1)}>
            Newer
          </button>
          <span class="muted small">
            Page {pagination.page} of {pagination.pages}
          </span>
          <button type="button" class="button" disabled={pagination.page >= pagination.pages} onClick={() => setPage(page + 1)}>
            Older
          </button>
        </div>
      )}
    </div>
  );
}
