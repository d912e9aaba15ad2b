// Clean-up of what invitations, password resets and the activity log leave behind: actions older than
// `actions.retentionDays`, reset tokens past their expiry, invitations a month past theirs (the
// reference lists an expired invitation until someone deletes it; a month later nobody will). Run
// from the service's due-jobs path (lib/service.ts) at most once an hour per process; every instance
// may run it, the statements are idempotent.
import type { AppContext } from '../core/context';

const EVERY_MS = 60 * 60 * 1000;
const KEEP_EXPIRED_INVITES_MS = 30 * 24 * 60 * 60 * 1000;

export function peopleUpkeep(app: AppContext): { runIfDue(): Promise<void> } {
  let next = 0;
  return {
    async runIfDue() {
      const now = app.now();
      if (now.getTime() < next) return;
      next = now.getTime() + EVERY_MS;
      const { actions, passwordResets, invites } = app.storage;
      await actions.purgeBefore(new Date(now.getTime() - app.options.people.actionRetentionMs));
      await passwordResets.purgeExpired(now);
      await invites.purgeExpired(new Date(now.getTime() - KEEP_EXPIRED_INVITES_MS));
    },
  };
}
