import type { Storage, Stores } from '../storage';
import { isConcurrencyConflict, type SqlDriver } from './driver';
import { sqlPosts } from './posts';
import { sqlTags } from './tags';
import { sqlUsers, userMemo, type UserMemo } from './users';
import { sqlIntegrations, sqlRoles, sqlSettings, sqlTokens } from './auth';
import { sqlRateLimits } from './rate-limits';
import { sqlOutbox, sqlWebhooks } from './webhooks';
import { sqlSessions } from './sessions';
import { CHANGES_CHANNEL, sqlChanges, transactionGeneration } from './changes';
import { sqlThemes } from './themes';
import { sqlSiteData } from './site-data';

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
  };
}

/** A Storage over any PostgreSQL-speaking driver: the SQL is the same for PGlite and a server. */
export function createSqlStorage(driver: SqlDriver): Storage {
  const known = userMemo();
  const watchers = new Set<(generation: number) => Promise<void>>();

  /** Tells every watcher that a transaction changing public content committed; a watcher's failure is its own to report. */
  async function committed(generation: number): Promise<void> {
    await Promise.all([...watchers].map((watcher) => watcher(generation).catch(() => undefined)));
  }

  return {
    ...stores(driver, known),
    async transaction(work) {
      for (let attempt = 1; ; attempt++) {
        try {
          // a nested transaction joins this one instead of opening a second connection
          const { result, generation } = await driver.transaction(async (tx) => {
            const result = await work(stores(tx, known));
            return { result, generation: await transactionGeneration(tx) };
          });
          if (generation !== null) await committed(generation);
          return result;
        } catch (error) {
          // another transaction committed a clashing change first: run again, against what it left behind
          // (the work re-reads, so a taken name becomes a 422 and a deleted row a 404 instead of a 500)
          if (attempt >= CONFLICT_ATTEMPTS || !isConcurrencyConflict(error)) throw error;
        }
      }
    },
    async watchChanges(listener) {
      watchers.add(listener);
      // the database announces every committed change with its generation, this instance's and others' (migrations/014)
      const stop = await driver.listen(CHANGES_CHANNEL, (payload) => void listener(Number(payload)).catch(() => undefined));
      return async () => {
        watchers.delete(listener);
        await stop();
      };
    },
    close: () => driver.close(),
  };
}
