// The SQL driver over one PGlite database. Transactions, statements without parameters and
// notifications are PGlite's own (`transaction`, `exec`, `listen`); statements with their values run
// prepared (internals.ts: the one file that reaches past PGlite's public API, and why).
import { TransactionAbortedError as CommitRolledBack, type PGlite, type Transaction } from '@electric-sql/pglite';
import { checkChannel, TransactionAbortedError, type SqlDriver } from '../sql/driver';
import { PreparedStatements } from './internals';
import type { UpkeepJob } from './upkeep';

/** Runs one piece of work at a time, in the order they came. */
type Serial = <T>(work: () => Promise<T>) => Promise<T>;

function serial(): Serial {
  let last: Promise<unknown> = Promise.resolve();
  return (work) => {
    const run = last.then(work);
    last = run.catch(() => undefined);
    return run;
  };
}

/** The listeners of each channel, for the notifications internals.ts finds in the replies it reads. */
type Listeners = Map<string, Set<(payload: string) => void>>;

export function pgliteDriver(db: PGlite, upkeep: UpkeepJob[]): SqlDriver {
  const listeners: Listeners = new Map();
  const statements = new PreparedStatements(db, (channel, payload) => {
    for (const listener of listeners.get(channel) ?? []) listener(payload);
  });
  return bound(db, { statements, upkeep, outside: serial(), listeners });
}

interface Shared {
  statements: PreparedStatements;
  upkeep: UpkeepJob[];
  /** Keeps the driver's statements outside transactions apart from its transactions. */
  outside: Serial;
  listeners: Listeners;
}

/**
 * A driver over `db`, or bound to its open transaction `tx`. A prepared statement holds PGlite's query
 * lock, which a transaction takes only statement by statement; `outside` keeps this driver's
 * statements outside transactions apart from its transactions. (PGlite's own `query` and `exec`, which
 * upkeep jobs use, take PGlite's transaction lock, which `transaction` holds throughout.)
 */
function bound(db: PGlite, shared: Shared, tx?: Transaction): SqlDriver {
  const { statements, upkeep, outside, listeners } = shared;
  const noteChanges = (rows: number | undefined) => {
    for (const job of upkeep) job.noteChanges(rows ?? 0);
  };

  const driver: SqlDriver = {
    async query<R>(sql: string, params: unknown[] = []) {
      if (tx?.closed) throw new Error('The transaction has already ended.');
      if (db.closed) throw new Error('The database is closed.');
      let result;
      if (tx) {
        result = await statements.run<R>(sql, params);
      } else {
        result = await outside(() => statements.run<R>(sql, params));
        // as PGlite's own query does after every statement outside a transaction
        await db.syncToFs();
      }
      noteChanges(result.affectedRows);
      return result;
    },

    async exec(sql: string) {
      const results = await (tx ?? db).exec(sql);
      // each result counts the rows of the statements before it too: the last one has them all
      noteChanges(results[results.length - 1]?.affectedRows);
      // statements without parameters are migrations and upkeep: a table may have changed shape
      statements.clear();
    },

    async transaction<T>(work: (tx: SqlDriver) => Promise<T>): Promise<T> {
      // inside a transaction there is one already: join it
      if (tx) return work(driver);
      try {
        return await outside(() => db.transaction((opened) => work(bound(db, shared, opened))));
      } catch (error) {
        // a statement failed inside and the work caught it: COMMIT found everything rolled back
        if (error instanceof CommitRolledBack) throw new TransactionAbortedError();
        throw error;
      } finally {
        // PGlite syncs after each statement outside a transaction, not after a COMMIT
        await db.syncToFs();
      }
    },

    async listen(channel: string, listener: (payload: string) => void) {
      checkChannel(channel);
      // one function per call, so that listening twice with one listener takes two stops
      const each = (payload: string) => listener(payload);
      // PGlite hands on what it reads itself (a COMMIT's reply); bound to a transaction, the LISTEN
      // goes with it (a statement outside would wait for the transaction to end)
      const unlisten = await db.listen(channel, each, tx);
      let mine = listeners.get(channel);
      if (!mine) listeners.set(channel, (mine = new Set()));
      mine.add(each);
      return async () => {
        mine.delete(each);
        if (!mine.size && listeners.get(channel) === mine) listeners.delete(channel);
        await unlisten();
      };
    },

    async close() {
      for (const job of upkeep) await job.stop();
      await db.close();
    },
  };
  return driver;
}
