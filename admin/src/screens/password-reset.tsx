// "Forgot password?" on the sign-in card, and the screen the mailed link opens (`/{name}/reset-password?token=…`).
import { useState } from 'preact/hooks';
import { api } from '../api';
import { TextField } from '../ui';
import { AuthCard, AuthForm } from './auth';

export function ForgotPassword({ email: initial, onBack }: { email: string; onBack: () => void }) {
  const [email, setEmail] = useState(initial);
  const [answer, setAnswer] = useState('');
  return (
    <AuthCard title="Reset your password" intro="Enter the address you sign in with; we will mail you a link to choose a new password.">
      {answer ? (
        <p role="status" class="notice">
          {answer}
        </p>
      ) : (
        <AuthForm
          label="Send reset link"
          busyLabel="Sending…"
          submit={async () => {
            const r = await api.post<{ password_reset: { message: string }[] }>('authentication/password_reset/', { password_reset: [{ email }] });
            setAnswer(r.password_reset[0].message);
          }}
        >
          <TextField label="Email" type="email" autocomplete="username" required value={email} onValue={setEmail} />
        </AuthForm>
      )}
      <button type="button" class="button" onClick={onBack}>
        Back to sign in
      </button>
    </AuthCard>
  );
}

export function ResetPassword({ token, onDone }: { token: string; onDone: () => void }) {
  const [newPassword, setNew] = useState('');
  const [ne2Password, setNe2] = useState('');
  const [done, setDone] = useState(false);
  if (done)
    return (
      <AuthCard title="Password saved" intro="Your new password is set, and every session of your account was signed out.">
        <button type="button" class="button primary wide" onClick={onDone}>
          Sign in
        </button>
      </AuthCard>
    );
  return (
    <AuthCard title="Choose a new password" intro="The link works once. Every place your account is signed in will be signed out.">
      <AuthForm
        label="Save password"
        busyLabel="Saving…"
        submit={async () => {
          if (newPassword !== ne2Password) throw new Error('The two passwords do not match.');
          await api.put('authentication/password_reset/', { password_reset: [{ token, newPassword, ne2Password }] });
          setDone(true);
        }}
      >
        <TextField
          label="New password"
          type="password"
          autocomplete="new-password"
          required
          value={newPassword}
          onValue={setNew}
          hint="At least 10 characters, not easy to guess."
        />
        <TextField label="Confirm password" type="password" autocomplete="new-password" required value={ne2Password} onValue={setNe2} />
      </AuthForm>
    </AuthCard>
  );
}
