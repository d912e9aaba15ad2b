// Staff → "Invite people": an invitation by mail with a role, and the pending invitations, each revocable.
import { useEffect, useState } from 'preact/hooks';
import { api, messageOf } from '../api';
import type { Role } from '../api-types';
import { ConfirmDialog, Dialog, ErrorNotice, SelectField, TextField, formatDate } from '../ui';
import { useAssignableRoles } from './assignable-roles';

interface Invite {
  id: string;
  email: string;
  role_id: string;
  status: string;
  expires: number;
}
type MailOutcome = { sent: true } | { sent: false; reason: string };

function InviteDialog({ roles, onClose, onSent }: { roles: Role[]; onClose: () => void; onSent: (mail: MailOutcome) => void }) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState('');
  const [error, setError] = useState('');
  const chosen = role || roles.find((r) => r.name === 'Contributor')?.id || roles[0]?.id || '';
  return (
    <Dialog title="Invite people" onClose={onClose}>
      <form
        class="stack"
        onSubmit={async (e) => {
          e.preventDefault();
          setError('');
          try {
            const r = await api.post<{ meta: { mail: MailOutcome } }>('invites/', { invites: [{ email, role_id: chosen }] });
            onSent(r.meta.mail);
          } catch (err) {
            setError(messageOf(err));
          }
        }}
      >
        <ErrorNotice error={error} />
        <TextField label="Email" type="email" required value={email} onValue={setEmail} />
        <SelectField label="Role" value={chosen} onValue={setRole} options={roles.map((r) => [r.id, r.name])} />
        <div class="dialog-actions">
          <button type="button" class="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" class="button primary">
            Send invitation
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/** The invitations section of the Staff screen, for those who may invite (Owner, Administrators, Editors). */
export function Invitations() {
  const roles = useAssignableRoles(true);
  const [invites, setInvites] = useState<Invite[]>([]);
  const [inviting, setInviting] = useState(false);
  const [revoking, setRevoking] = useState<Invite | null>(null);
  const [notice, setNotice] = useState('');
  const [error, setError] = useState('');
  const load = () =>
    api.get<{ invites: Invite[] }>('invites/?limit=all').then(
      (r) => setInvites(r.invites),
      (e) => setError(messageOf(e)),
    );
  useEffect(() => {
    void load();
  }, []);
  const roleOf = (id: string) => roles.find((r) => r.id === id)?.name ?? '';
  return (
    <section class="card stack" aria-labelledby="invitations-title">
      <div class="row between">
        <h2 id="invitations-title">Invitations</h2>
        <button type="button" class="button primary" onClick={() => setInviting(true)}>
          Invite people
        </button>
      </div>
      {notice && (
        <p role="status" class="notice">
          {notice}
        </p>
      )}
      <ErrorNotice error={error} />
      {invites.length === 0 ? (
        <p class="muted">No pending invitations.</p>
      ) : (
        <ul class="people">
          {invites.map((invite) => (
            <li key={invite.id}>
              <span class="person">
                <span>{invite.email}</span>
                <span class="muted small">
                  {invite.expires < Date.now()
                    ? 'Expired'
                    : `${invite.status === 'sent' ? 'Mailed' : 'Not mailed'}, works until ${formatDate(new Date(invite.expires).toISOString())}`}
                </span>
              </span>
              <span class="role">{roleOf(invite.role_id)}</span>
              <button type="button" class="button" aria-label={`Revoke the invitation of ${invite.email}`} onClick={() => setRevoking(invite)}>
                Revoke
              </button>
            </li>
          ))}
        </ul>
      )}
      {inviting && (
        <InviteDialog
          roles={roles}
          onClose={() => setInviting(false)}
          onSent={(mail) => {
            setInviting(false);
            setNotice(mail.sent ? 'Invitation sent.' : `Invitation created, but not mailed: ${mail.reason}`);
            void load();
          }}
        />
      )}
      {revoking && (
        <ConfirmDialog
          title="Revoke this invitation?"
          confirm="Revoke"
          onClose={() => setRevoking(null)}
          onConfirm={async () => {
            await api.del(`invites/${revoking.id}/`);
            setRevoking(null);
            setNotice('Invitation revoked.');
            void load();
          }}
        >
          <p>The link mailed to {revoking.email} will stop working.</p>
        </ConfirmDialog>
      )}
    </section>
  );
}
