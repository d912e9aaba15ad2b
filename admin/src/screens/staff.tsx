import { useEffect, useState } from 'preact/hooks';
import { api, messageOf } from '../api';
import { Link, navigate } from '../router';
import { isEditor, mayManage, roleName, useSession, type StaffUser } from '../session';
import { useAssignableRoles } from './assignable-roles';
import { Invitations } from './invites';
import { ConfirmDialog, Dialog, ErrorNotice, Loading, PageHeader, SelectField, TextArea, TextField } from '../ui';

function AddStaffDialog({ onClose, onAdded }: { onClose: () => void; onAdded: (user: StaffUser) => void }) {
  const roles = useAssignableRoles(true);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [role, setRole] = useState('');
  const [error, setError] = useState('');
  const chosen = role || roles.find((r) => r.name === 'Author')?.name || roles[0]?.name || '';
  return (
    <Dialog title="Add a staff user" onClose={onClose}>
      <form
        class="stack"
        onSubmit={async (e) => {
          e.preventDefault();
          setError('');
          try {
            const r = await api.post<{ users: StaffUser[] }>('users/', { users: [{ name, email, password, roles: [chosen] }] });
            onAdded(r.users[0]);
          } catch (err) {
            setError(messageOf(err));
          }
        }}
      >
        <ErrorNotice error={error} />
        <TextField label="Full name" required value={name} onValue={setName} />
        <TextField label="Email" type="email" required value={email} onValue={setEmail} />
        <SelectField label="Role" value={chosen} onValue={setRole} options={roles.map((r) => [r.name, r.name])} />
        <TextField
          label="Initial password"
          type="password"
          autocomplete="new-password"
          required
          value={password}
          onValue={setPassword}
          hint="Share it with them privately; they can change it once signed in."
        />
        <div class="dialog-actions">
          <button type="button" class="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" class="button primary">
            Add user
          </button>
        </div>
      </form>
    </Dialog>
  );
}

export function StaffList() {
  const { user: me } = useSession();
  const [users, setUsers] = useState<StaffUser[] | null>(null);
  const [error, setError] = useState('');
  const [adding, setAdding] = useState(false);
  const load = () =>
    api.get<{ users: StaffUser[] }>('users/?limit=all&include=roles').then(
      (r) => setUsers(r.users),
      (e) => (setError(messageOf(e)), setUsers([])),
    );
  useEffect(() => void load(), []);
  return (
    <div class="page">
      <PageHeader title="Staff">
        {isEditor(me) && (
          <button type="button" class="button primary" onClick={() => setAdding(true)}>
            Add staff user
          </button>
        )}
      </PageHeader>
      <ErrorNotice error={error} />
      {isEditor(me) && <Invitations />}
      {users === null ? (
        <Loading />
      ) : (
        <ul class="people">
          {users.map((u) => (
            <li key={u.id}>
              <span class="avatar" aria-hidden="true">
                {u.profile_image ? <img src={u.profile_image} alt="" /> : u.name.slice(0, 1).toUpperCase()}
              </span>
              <span class="person">
                <Link to={`staff/${u.id}`}>{u.name}</Link>
                <span class="muted small">{u.email}</span>
              </span>
              {u.status === 'inactive' ? <span class="status status-suspended">Suspended</span> : null}
              <span class="role">{roleName(u)}</span>
            </li>
          ))}
        </ul>
      )}
      {adding && (
        <AddStaffDialog
          onClose={() => setAdding(false)}
          onAdded={(u) => {
            setAdding(false);
            void load();
            navigate(`staff/${u.id}`);
          }}
        />
      )}
    </div>
  );
}

function PasswordForm({ user, own }: { user: StaffUser; own: boolean }) {
  const [oldPassword, setOld] = useState('');
  const [newPassword, setNew] = useState('');
  const [ne2Password, setNe2] = useState('');
  const [error, setError] = useState('');
  const [status, setStatus] = useState('');
  return (
    <form
      class="card stack"
      onSubmit={async (e) => {
        e.preventDefault();
        setError('');
        setStatus('');
        if (newPassword !== ne2Password) return setError('The new passwords do not match.');
        try {
          await api.put('users/password/', { password: [{ ...(own ? { oldPassword } : {}), newPassword, ne2Password, user_id: user.id }] });
          setOld('');
          setNew('');
          setNe2('');
          setStatus('Password changed');
        } catch (err) {
          setError(messageOf(err));
        }
      }}
    >
      <h2>Password</h2>
      <ErrorNotice error={error} />
      {own && <TextField label="Current password" type="password" autocomplete="current-password" required value={oldPassword} onValue={setOld} />}
      <div class="grid-2">
        <TextField label="New password" type="password" autocomplete="new-password" required value={newPassword} onValue={setNew} />
        <TextField label="Confirm new password" type="password" autocomplete="new-password" required value={ne2Password} onValue={setNe2} />
      </div>
      <div class="form-actions">
        <button type="submit" class="button">
          Change password
        </button>
        <output aria-live="polite">{status}</output>
      </div>
    </form>
  );
}

export function StaffMember({ id }: { id: string }) {
  const session = useSession();
  const me = session.user;
  const own = id === me.id;
  const [user, setUser] = useState<StaffUser | null>(null);
  const [form, setForm] = useState({ name: '', slug: '', email: '', bio: '', website: '', location: '', role: '' });
  const [error, setError] = useState('');
  const [status, setStatus] = useState('');
  const [confirm, setConfirm] = useState(false);
  const manage = user !== null && mayManage(me, user);
  const roles = useAssignableRoles(manage);

  function show(u: StaffUser) {
    setUser(u);
    setForm({ name: u.name, slug: u.slug, email: u.email, bio: u.bio ?? '', website: u.website ?? '', location: u.location ?? '', role: roleName(u) });
  }
  useEffect(() => {
    api.get<{ users: StaffUser[] }>(`users/${id}/?include=roles`).then(
      (r) => show(r.users[0]),
      (e) => setError(messageOf(e)),
    );
  }, [id]);

  async function put(body: Record<string, unknown>, done: string) {
    setError('');
    setStatus('Saving…');
    try {
      const r = await api.put<{ users: StaffUser[] }>(`users/${id}/?include=roles`, { users: [body] });
      show(r.users[0]);
      setStatus(done);
      if (own) await session.refreshUser();
    } catch (err) {
      setError(messageOf(err));
      setStatus('');
    }
  }

  if (!user) return <div class="page">{error ? <ErrorNotice error={error} /> : <Loading />}</div>;
  const suspended = user.status === 'inactive';
  const set = (patch: Partial<typeof form>) => setForm({ ...form, ...patch });
  return (
    <div class="page narrow">
      <Link to="staff" class="back">
        ← Staff
      </Link>
      <PageHeader title={own ? 'Your profile' : user.name}>
        {suspended && <span class="status status-suspended">Suspended</span>}
        <span class="role">{roleName(user)}</span>
      </PageHeader>
      <form
        class="card stack"
        onSubmit={(e) => {
          e.preventDefault();
          const body: Record<string, unknown> = {
            name: form.name,
            slug: form.slug,
            email: form.email,
            bio: form.bio,
            website: form.website,
            location: form.location,
          };
          if (manage && form.role && form.role !== roleName(user)) body.roles = [form.role];
          void put(body, 'Saved');
        }}
      >
        <ErrorNotice error={error} />
        <div class="grid-2">
          <TextField label="Full name" required value={form.name} onValue={(name) => set({ name })} />
          <TextField label="Email" type="email" required value={form.email} onValue={(email) => set({ email })} />
        </div>
        <div class="grid-2">
          <TextField label="Slug" value={form.slug} onValue={(slug) => set({ slug })} spellcheck={false} />
          {manage && roles.length > 0 && (
            <SelectField
              label="Role"
              value={form.role}
              onValue={(role) => set({ role })}
              options={[...new Set([form.role, ...roles.map((r) => r.name)])].map((r) => [r, r])}
            />
          )}
        </div>
        <div class="grid-2">
          <TextField label="Website" type="url" value={form.website} onValue={(website) => set({ website })} />
          <TextField label="Location" value={form.location} onValue={(location) => set({ location })} />
        </div>
        <TextArea label="Bio" rows={3} maxLength={200} value={form.bio} onValue={(bio) => set({ bio })} />
        <div class="form-actions">
          <button type="submit" class="button primary">
            Save
          </button>
          <output aria-live="polite">{status}</output>
          <div class="spacer" />
          {manage && (
            <button
              type="button"
              class="button"
              onClick={() => put({ status: suspended ? 'active' : 'inactive' }, suspended ? 'User unsuspended' : 'User suspended')}
            >
              {suspended ? 'Unsuspend user' : 'Suspend user'}
            </button>
          )}
          {manage && (
            <button type="button" class="button danger-outline" onClick={() => setConfirm(true)}>
              Delete user
            </button>
          )}
        </div>
      </form>
      {(own || manage) && <PasswordForm user={user} own={own} />}
      {confirm && (
        <ConfirmDialog
          title={`Delete ${user.name}?`}
          confirm="Delete"
          onClose={() => setConfirm(false)}
          onConfirm={async () => {
            await api.del(`users/${id}/`);
            navigate('staff');
          }}
        >
          <p>Their account is removed and they can no longer sign in. This cannot be undone.</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
