import { useState } from 'preact/hooks';
import { api, messageOf } from '../api';
import { TextField, useDocumentTitle } from '../ui';
import { ForgotPassword } from './password-reset';

export function AuthCard({ title, intro, children }: { title: string; intro: string; children: preact.ComponentChildren }) {
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

/** The card's form: one submit at a time, a failure shown as an alert above the fields, the form kept. */
export function AuthForm({
  submit,
  label,
  busyLabel,
  children,
}: {
  submit: () => Promise<void>;
  label: string;
  busyLabel: string;
  children: preact.ComponentChildren;
}) {
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  return (
    <form
      class="stack"
      onSubmit={async (e) => {
        e.preventDefault();
        setBusy(true);
        setError('');
        try {
          await submit();
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
      {children}
      <button class="button primary wide" type="submit" disabled={busy}>
        {busy ? busyLabel : label}
      </button>
    </form>
  );
}

export function SignIn({ onSignedIn }: { onSignedIn: () => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [forgot, setForgot] = useState(false);
  if (forgot) return <ForgotPassword email={email} onBack={() => setForgot(false)} />;
  return (
    <AuthCard title="Sign in" intro="Welcome back. Sign in to write and run your site.">
      <AuthForm
        label="Sign in"
        busyLabel="Signing in…"
        submit={async () => {
          await signIn(email, password);
          onSignedIn();
        }}
      >
        <TextField label="Email" type="email" autocomplete="username" required value={email} onValue={setEmail} />
        <TextField label="Password" type="password" autocomplete="current-password" required value={password} onValue={setPassword} />
      </AuthForm>
      <button type="button" class="button" onClick={() => setForgot(true)}>
        Forgot password?
      </button>
    </AuthCard>
  );
}

export function Setup({ onDone }: { onDone: () => void }) {
  const [title, setTitle] = useState('');
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  return (
    <AuthCard title="Create your site" intro="Name your site and create the Owner account. You can change all of this later.">
      <AuthForm
        label="Create account"
        busyLabel="Creating…"
        submit={async () => {
          await api.post('authentication/setup/', { setup: [{ blogTitle: title, name, email, password }] });
          await signIn(email, password);
          onDone();
        }}
      >
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
      </AuthForm>
    </AuthCard>
  );
}
