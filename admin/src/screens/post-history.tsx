import { useEffect, useState } from 'preact/hooks';
import { api, messageOf } from '../api';
import { resourceOf, type PostType } from '../posts';
import { Dialog, formatDate } from '../ui';
import './post-history.css';

/** A revision as `GET {posts|pages}/{id}/revisions/` lists it. */
interface Revision {
  id: string;
  title: string;
  reason: string;
  created_at: string;
  author: { id: string; name: string | null };
}

const REASON_WORD: Record<string, string> = {
  initial_revision: 'Created',
  explicit_save: 'Saved',
  background_save: 'Autosaved',
  published: 'Published',
  unpublished: 'Unpublished',
  scheduled: 'Scheduled',
  restored: 'Restored',
};

/**
 * The post's revisions, newest first, each restorable after a confirmation. Restoring makes the post's
 * title and content the revision's on the server (as an edit: it records a revision of its own); the
 * editor then reads the post again.
 */
function HistoryDialog({ type, postId, onClose, onRestored }: { type: PostType; postId: string; onClose: () => void; onRestored: () => void }) {
  const resource = resourceOf(type);
  const [revisions, setRevisions] = useState<Revision[] | null>(null);
  const [error, setError] = useState('');
  const [chosen, setChosen] = useState<Revision | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    api.get<{ post_revisions: Revision[] }>(`${resource}/${postId}/revisions/?limit=all`).then(
      (r) => setRevisions(r.post_revisions),
      (e) => setError(messageOf(e)),
    );
  }, [postId]);

  async function restore(revision: Revision) {
    setBusy(true);
    setError('');
    try {
      await api.post(`${resource}/${postId}/revisions/${revision.id}/restore/`);
      onRestored();
      onClose();
    } catch (e) {
      setError(messageOf(e));
      setBusy(false);
    }
  }

  return (
    <Dialog title={chosen ? 'Restore this version?' : 'History'} onClose={onClose}>
      {error && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
      {chosen ? (
        <>
          <div class="dialog-body">
            <p>
              The title and content become those of “{chosen.title || '(Untitled)'}” from {formatDate(chosen.created_at)}. What is there now stays in the
              history.
            </p>
          </div>
          <div class="dialog-actions">
            <button type="button" class="button" onClick={() => setChosen(null)} disabled={busy}>
              Cancel
            </button>
            <button type="button" class="button primary" onClick={() => void restore(chosen)} disabled={busy}>
              Restore
            </button>
          </div>
        </>
      ) : (
        <>
          {revisions === null && !error && <p class="muted">Loading…</p>}
          {revisions?.length === 0 && <p class="muted">No revisions yet.</p>}
          {revisions && revisions.length > 0 && (
            <ol class="revision-list" aria-label="Revisions, newest first">
              {revisions.map((revision, i) => (
                <li key={revision.id} class="revision">
                  <div class="revision-text">
                    <span class="revision-title">{revision.title || '(Untitled)'}</span>
                    <span class="revision-meta">
                      <span class="revision-reason">{REASON_WORD[revision.reason] ?? revision.reason}</span> by{' '}
                      {revision.author.name ?? 'someone no longer here'} · <time dateTime={revision.created_at}>{formatDate(revision.created_at)}</time>
                    </span>
                  </div>
                  {i > 0 ? (
                    <button type="button" class="button small" onClick={() => setChosen(revision)}>
                      Restore
                    </button>
                  ) : (
                    <span class="revision-current">Latest</span>
                  )}
                </li>
              ))}
            </ol>
          )}
          <div class="dialog-actions">
            <button type="button" class="button" onClick={onClose}>
              Close
            </button>
          </div>
        </>
      )}
    </Dialog>
  );
}

/** The post settings panel's "History" button and the list it opens. */
export function HistoryButton({ type, postId, onRestored }: { type: PostType; postId: string; onRestored: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" class="button history-button" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        History
      </button>
      {open && <HistoryDialog type={type} postId={postId} onClose={() => setOpen(false)} onRestored={onRestored} />}
    </>
  );
}
