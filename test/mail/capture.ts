import type { Mailer, MailMessage } from '../../lib';

/** A mailer that keeps what it is given; `failing` makes it reject, as an unreachable server would. */
export function capturingMailer() {
  const sent: MailMessage[] = [];
  let failing = false;
  const mailer: Mailer = {
    async send(message) {
      if (failing) throw new Error('connect ECONNREFUSED 127.0.0.1:25');
      sent.push(message);
    },
  };
  return {
    mailer,
    sent,
    fail(on = true) {
      failing = on;
    },
    /** The link in the last mail to `to`, parsed. */
    lastLink(to: string): URL {
      const mail = sent.filter((m) => m.to === to).at(-1);
      if (!mail) throw new Error(`no mail to ${to}`);
      const match = /https?:\/\/\S+/.exec(mail.text);
      if (!match) throw new Error('no link in the mail');
      return new URL(match[0]);
    },
  };
}
