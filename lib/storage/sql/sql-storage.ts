import type { Storage, Stores } from '../storage';
import { isConcurrencyConflict, type SqlDriver } from './driver';
import { sqlPosts } from './posts';
import { sqlTags } from './tags';
import { sqlUsers, userMemo, type UserMemo } from './users';
import { sqlIntegrations, sqlRoles, sqlSettings, sqlTokens } from './auth';
import { sqlRateLimits } from './rate-limits';
import { sqlOutbox, sqlWebhooks } from './webhooks';
import { sqlSessions } from './sessions';
import { sqlGeneration } from './generation';
import { sqlThemes } from './themes';
import { sqlSiteData } from './site-data';
import { CountMemo } from './count-memo';
import { PublicMemo } from './public-memo';
import type { KnownGeneration } from './known-generation';
import type { PageMemo } from './page-memo';

/** How often a transaction that lost a race is run in all. */
const CONFLICT_ATTEMPTS = 5;

export interface SqlStorageOptions {
  /** Announce generation bumps on this LISTEN/NOTIFY channel (PostgreSQL servers; PGlite has one instance). */
  notifyChannel?: string;
  /**
   * About how many bytes of published posts' rows (their bodies most of it), tags and authors the
   * storage keeps between Content API reads of one generation of public content; default 32 MB, 0
   * turns the memo off.
   */
  publicRowBytes?: number;
}

const PUBLIC_ROW_BYTES = 32 * 1024 * 1024;

/** What the storage keeps between reads of public content; only the stores outside transactions read it. */
interface PublicReads {
  counts: CountMemo;
  /** Off with `publicRowBytes: 0`. */
  rows?: PublicMemo;
  /** Not built: no driver counts its commits any more. */
  pages?: PageMemo;
  /** Not built: no driver counts its commits any more. */
  generation?: KnownGeneration;
}

/**
 * `reads`: only for the stores outside transactions (count-memo.ts, public-memo.ts and page-memo.ts
 * say why). `known`: what the storage remembers about users, in and out of transactions (users.ts
 * says why that is safe).
 */
function stores(db: SqlDriver, options: SqlStorageOptions, known: UserMemo, reads?: PublicReads): Stores {
  return {
    posts: sqlPosts(db, reads?.counts, known, reads?.rows, reads?.pages),
    tags: sqlTags(db, reads?.counts, reads?.pages),
    users: sqlUsers(db, reads?.counts, known, reads?.pages),
    roles: sqlRoles(db),
    integrations: sqlIntegrations(db),
    settings: sqlSettings(db),
    tokens: sqlTokens(db),
    rateLimits: sqlRateLimits(db),
    webhooks: sqlWebhooks(db),
    outbox: sqlOutbox(db),
    sessions: sqlSessions(db),
    generation: sqlGeneration(db, options.notifyChannel, reads?.generation),
    themes: sqlThemes(db),
    siteData: sqlSiteData(db),
  };
}

/** A Storage over any PostgreSQL-speaking driver: the SQL is the same for PGlite and a server. */
export function createSqlStorage(driver: SqlDriver, options: SqlStorageOptions = {}): Storage {
  const known = userMemo();
  const rowBytes = options.publicRowBytes ?? PUBLIC_ROW_BYTES;
  const reads: PublicReads = {
    counts: new CountMemo(),
    rows: rowBytes > 0 ? new PublicMemo(rowBytes) : undefined,
  };
  return {
    ...stores(driver, options, known, reads),
    async transaction(work) {
      for (let attempt = 1; ; attempt++) {
        try {
          return await driver.transaction((tx) => {
            const bound = stores(tx, options, known);
            // a nested transaction joins this one instead of opening a second connection
            return work(bound);
          });
        } catch (error) {
          // another transaction committed a clashing change first: run again, against what it left behind
          // (the work re-reads, so a taken name becomes a 422 and a deleted row a 404 instead of a 500)
          if (attempt >= CONFLICT_ATTEMPTS || !isConcurrencyConflict(error)) throw error;
        }
      }
    },
    close: () => driver.close(),
  };
}
