import type { ChangeListener, Storage, Stores } from '../storage';
import { isConcurrencyConflict, type SqlDriver } from './driver';
import { sqlPosts } from './posts';
import { sqlTags } from './tags';
import { sqlUsers, userMemo, type UserMemo } from './users';
import { sqlIntegrations, sqlRoles, sqlSettings, sqlTokens } from './auth';
import { sqlRateLimits } from './rate-limits';
import { sqlOutbox, sqlWebhooks } from './webhooks';
import { sqlSessions } from './sessions';
import { CHANGES_CHANNEL, sqlChanges, transactionChange, type TransactionChange } from './changes';
import { sqlThemes } from './themes';
import { sqlSiteData } from './site-data';
import { sqlRevisions } from './revisions';
import { sqlActions, sqlInvites, sqlPasswordResets } from './people';

/** How often a transaction that lost a race is run in all. */
const CONFLICT_ATTEMPTS = 5;

/** `known`: what the storage remembers about users, in and out of transactions (users.ts says why that is safe). */
function stores(db: SqlDriver, known: UserMemo): Stores {
  return {
    posts: sqlPosts(db, known),
    tags: sqlTags(db),
    users: sqlUsers(db, known),
    roles: sqlRoles(db),
    integrations: sqlIntegrations(db),
    settings: sqlSettings(db),
    tokens: sqlTokens(db),
    rateLimits: sqlRateLimits(db),
    webhooks: sqlWebhooks(db),
    outbox: sqlOutbox(db),
    sessions: sqlSessions(db),
    changes: sqlChanges(db),
    themes: sqlThemes(db),
    siteData: sqlSiteData(db),
    revisions: sqlRevisions(db),
    invites: sqlInvites(db),
    passwordResets: sqlPasswordResets(db),
    actions: sqlActions(db),
  };
}

/** A Storage over any PostgreSQL-speaking driver: the SQL is the same for PGlite and a server. */
export function createSqlStorage(driver: SqlDriver): Storage {
  const known = userMemo();
  const watchers = new Set<ChangeListener>();
  /**
   * Generations this storage's transactions took, until they are told of with their keys after the
   * commit: the database's announcement of one, which PGlite hands on before the commit resolves, is
   * not read as another instance's change.
   */
  const own = new Set<number>();

  /** Tells every watcher that a transaction changing public content committed; a watcher's failure is its own to report. */
  async function committed({ generation, keys }: TransactionChange): Promise<void> {
    await Promise.all([...watchers].map((watcher) => watcher(generation, keys).catch(() => undefined)));
  }

  return {
    ...stores(driver, known),
    async transaction(work) {
      for (let attempt = 1; ; attempt++) {
        // the generation this attempt's transaction took, if it changed public content
        let taken: number | null = null;
        try {
          // a nested transaction joins this one instead of opening a second connection
          const { result, change } = await driver.transaction(async (tx) => {
            const result = await work(stores(tx, known));
            const change = await transactionChange(tx);
            if (change !== null) {
              taken = change.generation;
              own.add(taken);
            }
            return { result, change };
          });
          if (change !== null) await committed(change);
          return result;
        } catch (error) {
          // another transaction committed a clashing change first: run again, against what it left behind
          // (the work re-reads, so a taken name becomes a 422 and a deleted row a 404 instead of a 500)
          if (attempt >= CONFLICT_ATTEMPTS || !isConcurrencyConflict(error)) throw error;
        } finally {
          // a generation not committed is taken again by the next change, perhaps another instance's
          if (taken !== null) own.delete(taken);
        }
      }
    },
    async watchChanges(listener) {
      watchers.add(listener);
      // the database announces every committed change with its generation, this instance's and others' (migrations/014)
      const stop = await driver.listen(CHANGES_CHANNEL, (payload) => {
        const generation = Number(payload);
        if (!own.has(generation)) void listener(generation).catch(() => undefined);
      });
      return async () => {
        watchers.delete(listener);
        await stop();
      };
    },
    close: () => driver.close(),
  };
}
