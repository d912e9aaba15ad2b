// The screens the service's mails link to (lib/mail/messages.ts): `signup?token=…&email=…` and
// `reset-password?token=…`, both under the admin client's base path.
import { BASE } from '../api';
import { navigate } from '../router';
import { AcceptInvite } from './accept-invite';
import { ResetPassword } from './password-reset';

export type MailedLink = { kind: 'signup'; token: string; email: string } | { kind: 'reset-password'; token: string };

/** The mailed link the page was opened with, if any. */
export function linkScreen(): MailedLink | null {
  const path = location.pathname.startsWith(BASE) ? location.pathname.slice(BASE.length).replace(/\/+$/, '') : '';
  const query = new URLSearchParams(location.search);
  const token = query.get('token') ?? '';
  if (path === 'signup' && token) return { kind: 'signup', token, email: query.get('email') ?? '' };
  if (path === 'reset-password' && token) return { kind: 'reset-password', token };
  return null;
}

export function LinkScreen({ link, onDone }: { link: MailedLink; onDone: () => void }) {
  // the token leaves the address bar (and the history) once the screen is done with it
  const done = () => {
    navigate('', { replace: true });
    onDone();
  };
  return link.kind === 'signup' ? <AcceptInvite token={link.token} email={link.email} onDone={done} /> : <ResetPassword token={link.token} onDone={done} />;
}
