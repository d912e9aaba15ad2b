// The screen an invitation's link opens (`/{name}/signup?token=…&email=…`): the account is created
// with the invited role and signed in.
import { useState } from 'preact/hooks';
import { api } from '../api';
import { TextField } from '../ui';
import { AuthCard, AuthForm } from './auth';

export function AcceptInvite({ token, email, onDone }: { token: string; email: string; onDone: () => void }) {
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  return (
    <AuthCard title="Join the team" intro={`You were invited as ${email}. Choose your name and a password to create your account.`}>
      <AuthForm
        label="Create account"
        busyLabel="Creating…"
        submit={async () => {
          await api.post('authentication/invitation/', { invitation: [{ token, email, name, password }] });
          onDone();
        }}
      >
        <TextField label="Full name" autocomplete="name" required value={name} onValue={setName} />
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
