import { useState } from 'preact/hooks';
import { api, messageOf } from '../api';
import { TextField, useDocumentTitle } from '../ui';

function AuthCard({ title, intro, children }: { title: string; intro: string; children: preact.ComponentChildren }) {
  useDocumentTitle(title);
  return (
    <main class="auth">
      <div class="auth-card">
        <p class="brand-mark" aria-hidden="true">
          pressroom
        </p>
        <h1>{title}</h1>
        <p class="muted">{intro}</p>
        {children}
      </div>
    </main>
  );
}

export async function signIn(email: string, password: string): Promise<void> {
  await api.post('session/', { username: email, password });
}

export function SignIn({ onSignedIn }: { onSignedIn: () => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  return (
    <AuthCard title="Sign in" intro="Welcome back. Sign in to write and run your site.">
      <form
        class="stack"
        onSubmit={async (e) => {
          e.preventDefault();
          setBusy(true);
          setError('');
          try {
            await signIn(email, password);
            onSignedIn();
          } catch (err) {
            setError(messageOf(err));
            setBusy(false);
          }
        }}
      >
        {error && (
          <p role="alert" class="notice error">
            {error}
          </p>
        )}
        <TextField label="Email" type="email" autocomplete="username" required value={email} onValue={setEmail} />
        <TextField label="Password" type="password" autocomplete="current-password" required value={password} onValue={setPassword} />
        <button class="button primary wide" type="submit" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
    </AuthCard>
  );
}

export function Setup({ onDone }: { onDone: () => void }) {
  const [title, setTitle] = useState('');
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  return (
    <AuthCard title="Create your site" intro="Name your site and create the Owner account. You can change all of this later.">
      <form
        class="stack"
        onSubmit={async (e) => {
          e.preventDefault();
          setBusy(true);
          setError('');
          try {
            await api.post('authentication/setup/', { setup: [{ blogTitle: title, name, email, password }] });
            await signIn(email, password);
            onDone();
          } catch (err) {
            setError(messageOf(err));
            setBusy(false);
          }
        }}
      >
        {error && (
          <p role="alert" class="notice error">
            {error}
          </p>
        )}
        <TextField label="Site title" required value={title} onValue={setTitle} />
        <TextField label="Full name" autocomplete="name" required value={name} onValue={setName} />
        <TextField label="Email" type="email" autocomplete="username" required value={email} onValue={setEmail} />
        <TextField
          label="Password"
          type="password"
          autocomplete="new-password"
          required
          value={password}
          onValue={setPassword}
          hint="At least 10 characters, not easy to guess."
        />
        <button class="button primary wide" type="submit" disabled={busy}>
          {busy ? 'Creating…' : 'Create account'}
        </button>
      </form>
    </AuthCard>
  );
}
