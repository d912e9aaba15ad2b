import { escapeAttr, escapeText } from '../content/escape';
import type { MailMessage } from './mailer';

/**
 * A link to a screen of the admin client (`/{name}/…`, served by lib/admin-client/serve.ts), with the
 * token as a query parameter: the screen reads it from there and sends it back with the form.
 */
export function adminClientLink(adminUrl: string, name: string, screen: 'signup' | 'reset-password', params: Record<string, string>): string {
  const url = new URL(`${adminUrl}/${name}/${screen}`);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.href;
}

function message(to: string, subject: string, lines: string[], link: string, action: string, footer: string): MailMessage {
  const text = [...lines, '', link, '', footer].join('\n');
  const html =
    '<!doctype html><html><body style="font-family: sans-serif; line-height: 1.5">' +
    lines.map((line) => `<p>${escapeText(line)}</p>`).join('') +
    `<p><a href="${escapeAttr(link)}">${escapeText(action)}</a></p>` +
    `<p style="color: #555; font-size: 0.9em">${escapeText(footer)}</p></body></html>`;
  return { to, subject, text, html };
}

export function invitationMail(input: { to: string; siteTitle: string; inviter: string; role: string; link: string; expiresAt: Date }): MailMessage {
  const { to, siteTitle, inviter, role, link, expiresAt } = input;
  return message(
    to,
    `${inviter} has invited you to join ${siteTitle}`,
    [`${inviter} has invited you to join ${siteTitle} as ${/^[AEIOU]/.test(role) ? 'an' : 'a'} ${role}.`, 'Open this link to create your account:'],
    link,
    'Accept the invitation',
    `The link works until ${expiresAt.toUTCString()}. If you did not expect this invitation, ignore this mail.`,
  );
}

export function passwordResetMail(input: { to: string; siteTitle: string; link: string; expiresAt: Date }): MailMessage {
  const { to, siteTitle, link, expiresAt } = input;
  return message(
    to,
    `Reset your password for ${siteTitle}`,
    [`Someone asked to reset the password of your account on ${siteTitle}.`, 'Open this link to choose a new password:'],
    link,
    'Reset your password',
    `The link works once, until ${expiresAt.toUTCString()}. If you did not ask for it, ignore this mail: your password stays as it is.`,
  );
}
