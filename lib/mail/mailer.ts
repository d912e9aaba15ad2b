// Mail the service sends (invitations, password resets) goes through one replaceable object, as
// webhook deliveries go through `webhooks.transport`. The core only builds messages; sending them is
// the host's: `pressroom serve` passes an SMTP mailer (lib/cli/smtp-mailer.ts), tests a capturing one.
import type { Logger } from '../logger';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  /** Sends the message; rejects when it could not be handed on. */
  send(message: MailMessage): Promise<void>;
}

/** Whether a message went out, and if not, why (without addresses or tokens: answers and logs carry it). */
export type MailOutcome = { sent: true } | { sent: false; reason: string };

const NO_MAILER = 'No mailer is configured, so no mail was sent.';

/** Sends through the service's mailer; a failure is reported to the logger and returned, never thrown. */
export async function sendMail(mailer: Mailer | undefined, logger: Logger, message: MailMessage, what: string): Promise<MailOutcome> {
  if (!mailer) return { sent: false, reason: NO_MAILER };
  try {
    await mailer.send(message);
    return { sent: true };
  } catch (error) {
    // the error's text may name the server, never the link: the message is not logged
    logger.error(`the ${what} mail could not be sent`, error);
    return { sent: false, reason: 'The mail could not be sent; the mailer reported an error (see the service log).' };
  }
}
