import type { Storage, Stores } from '../storage';
import type { SqlDriver } from './driver';
import { sqlPosts } from './posts';
import { sqlTags } from './tags';
import { sqlUsers } from './users';
import { sqlIntegrations, sqlRoles, sqlSettings, sqlTokens } from './auth';
import { sqlRateLimits } from './rate-limits';
import { sqlOutbox, sqlWebhooks } from './webhooks';
import { sqlSessions } from './sessions';
import { sqlGeneration } from './generation';

function stores(db: SqlDriver): Stores {
  return {
    posts: sqlPosts(db),
    tags: sqlTags(db),
    users: sqlUsers(db),
    roles: sqlRoles(db),
    integrations: sqlIntegrations(db),
    settings: sqlSettings(db),
    tokens: sqlTokens(db),
    rateLimits: sqlRateLimits(db),
    webhooks: sqlWebhooks(db),
    outbox: sqlOutbox(db),
    sessions: sqlSessions(db),
    generation: sqlGeneration(db),
  };
}

/** A Storage over any PostgreSQL-speaking driver: the SQL is the same for PGlite and a server. */
export function createSqlStorage(driver: SqlDriver): Storage {
  return {
    ...stores(driver),
    transaction(work) {
      return driver.transaction((tx) => {
        const bound = stores(tx);
        // a nested transaction joins this one instead of opening a second connection
        return work(bound);
      });
    },
    close: () => driver.close(),
  };
}
