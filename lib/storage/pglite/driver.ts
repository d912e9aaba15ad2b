// The SQL driver over one PGlite database: statements run prepared (statements.ts), and
// transactions are this driver's own rather than `PGlite.transaction()`, whose BEGIN and COMMIT each
// cost two calls into the backend; here each is one prepared statement.
import type { PGlite } from '@electric-sql/pglite';
import { TransactionAbortedError, type SqlDriver } from '../sql/driver';
import type { PreparedStatements, StatementResult } from './statements';
import type { UpkeepJob } from './upkeep';

/** A transaction of this driver. BEGIN goes with its first statement; `closed` once it ended. */
interface Open {
  begun: boolean;
  closed: boolean;
}

/** Commits of changes so far, shared by a driver and the drivers of its transactions. */
interface CommitCount {
  value: number;
}

/** Words of a statement that may change something even when PostgreSQL reports it as a SELECT. */
const WRITES = /\b(insert|update|delete|merge|truncate|copy|call|nextval|setval|pg_notify)\b/i;
const mayWriteByText = new Map<string, boolean>();

/**
 * Whether a statement reported as `command` may have changed the database: a data-modifying WITH
 * ends in a SELECT (the update of a post does), as does a call of a function that writes.
 */
function mayHaveWritten(sql: string, command: string): boolean {
  if (command !== 'SELECT') return true;
  let writes = mayWriteByText.get(sql);
  if (writes === undefined) {
    // statements are few texts with their values apart; filters add some, so the map is bounded
    if (mayWriteByText.size >= 1000) mayWriteByText.clear();
    writes = WRITES.test(sql);
    mayWriteByText.set(sql, writes);
  }
  return writes;
}

/**
 * A driver over `root`, or bound to the open transaction `tx`. A statement outside a transaction holds
 * PGlite's transaction lock, which a transaction holds from BEGIN to its end, so that no statement of
 * another caller lands inside it; a statement in a transaction holds the query lock under it.
 * PGlite's own `query` and `exec`, used by upkeep jobs, take both.
 */
export function pgliteDriver(root: PGlite, statements: PreparedStatements, upkeep: UpkeepJob[], tx?: Open, commits: CommitCount = { value: 0 }): SqlDriver {
  const locked = <T>(work: () => Promise<T>) => root._runExclusiveQuery(work);
  const prepared = <R>(sql: string, params: unknown[], first?: string[]): Promise<StatementResult<R>> => locked(() => statements.run<R>(sql, params, first));
  /** In the transaction: its first statement carries the BEGIN along, in the same call. */
  const inTransaction = <R>(open: Open, sql: string, params: unknown[]) => {
    if (open.begun) return prepared<R>(sql, params);
    open.begun = true;
    return prepared<R>(sql, params, ['BEGIN']);
  };
  const checkOpen = async () => {
    await root._checkReady();
    if (tx?.closed) throw new Error('The transaction has already ended.');
  };

  return {
    // PGlite has this process's driver for its one client: nothing else can change its database
    commits: () => commits.value,

    async query<R>(sql: string, params: unknown[] = []) {
      await checkOpen();
      let result: StatementResult<R>;
      if (tx) {
        result = await inTransaction<R>(tx, sql, params);
      } else {
        // Outside a transaction the transaction lock alone keeps every other statement out: whoever
        // else takes the query lock (a transaction, PGlite's own query and exec) holds this one first.
        let wrote = false;
        result = await root._runExclusiveTransaction(async () => {
          const done = await statements.run<R>(sql, params);
          wrote = mayHaveWritten(sql, done.command);
          // counted before the lock lets the next statement see the change
          if (wrote) commits.value++;
          return done;
        });
        // a read leaves nothing for the file system to persist; syncing takes a lock of its own
        if (wrote) await root.syncToFs();
      }
      for (const job of upkeep) job.noteChanges(result.affectedRows);
      return { rows: result.rows, affectedRows: result.affectedRows };
    },

    async exec(sql: string) {
      await checkOpen();
      if (tx) {
        if (!tx.begun) {
          tx.begun = true;
          await prepared('BEGIN', []);
        }
        await locked(() => statements.simple(sql));
      } else {
        await root.exec(sql);
        commits.value++;
      }
      // statements without parameters are migrations and upkeep: a table may have changed shape
      statements.clear();
    },

    transaction<T>(work: (driver: SqlDriver) => Promise<T>): Promise<T> {
      // inside a transaction there is one connection already: join it
      if (tx) return work(this);
      return root._runExclusiveTransaction(async () => {
        await root._checkReady();
        const open: Open = { begun: false, closed: false };
        try {
          const result = await work(pgliteDriver(root, statements, upkeep, open, commits));
          open.closed = true;
          // a transaction that ran no statement has nothing to commit
          if (!open.begun) return result;
          const { command } = await prepared('COMMIT', []);
          // a statement failed inside and the work caught it: PostgreSQL rolled everything back
          if (command === 'ROLLBACK') throw new TransactionAbortedError();
          return result;
        } catch (error) {
          if (!open.closed) {
            open.closed = true;
            if (!open.begun) throw error;
            // the error that made the work fail is the one to report, not a failure to roll back after it
            await prepared('ROLLBACK', []).catch(() => undefined);
          }
          throw error;
        } finally {
          // committed or not, counted while the transaction lock still keeps every other statement out
          if (open.begun) commits.value++;
          await root.syncToFs();
        }
      });
    },

    async close() {
      for (const job of upkeep) await job.stop();
      await root.close();
    },
  };
}
