// How `pressroom serve` sends the service's mail (lib/mail/mailer.ts): by SMTP with nodemailer, the
// well-kept library for it (connection pooling, STARTTLS, auth, MIME), from --smtp-url / SMTP_URL.
// nodemailer is an optional peer dependency, like pg: only an operator who gives an SMTP URL needs it,
// and a host that embeds the library passes its own `mail`. Without an SMTP URL the mail is not sent;
// the operator sees its link in the log instead, and the API's answer says no mail went out.
import type { Mailer, MailMessage } from '../mail/mailer';
import { SiteError } from './site';

export interface SmtpSettings {
  /** `smtp://user:pass@host:587` or `smtps://…:465`. */
  url: string;
  /** The From header: `Site <noreply@example.com>`. */
  from: string;
}

/** Why an SMTP URL cannot be used, or null. */
export function smtpUrlProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'is not a URL';
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') return 'must start with smtp:// or smtps://';
  if (!url.hostname) return 'needs a host';
  return null;
}

/** The URL as it may be printed: without its password. */
export function redactedSmtpUrl(value: string): string {
  const url = new URL(value);
  if (url.password) url.password = '***';
  return url.href;
}

export async function smtpMailer(settings: SmtpSettings): Promise<Mailer> {
  let nodemailer: typeof import('nodemailer');
  try {
    nodemailer = await import('nodemailer');
  } catch {
    throw new SiteError('Sending mail by SMTP needs the nodemailer package: npm install nodemailer');
  }
  const transport = (nodemailer.default ?? nodemailer).createTransport(settings.url);
  return {
    async send(message: MailMessage) {
      await transport.sendMail({ from: settings.from, to: message.to, subject: message.subject, text: message.text, html: message.html });
    },
  };
}

/**
 * Without SMTP: the message is not sent (so the answer says so), and the operator reads who it was for
 * and its link in the log, to pass it on by hand.
 */
export function terminalMailer(print: (line: string) => void): Mailer {
  return {
    async send(message) {
      const link = /https?:\/\/\S+/.exec(message.text)?.[0] ?? '(no link)';
      print(`mail not sent (no --smtp-url): "${message.subject}" to ${message.to}: ${link}`);
      throw new Error('no SMTP server is configured (--smtp-url or SMTP_URL)');
    },
  };
}
