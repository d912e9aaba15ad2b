import type { SqlDriver } from '../../lib/storage/sql/driver';

/**
 * `db`, recording every statement it runs in `into` (and, with `params`, their parameters there, in
 * the same order). With `commits`, it passes on the driver's count of commits (a storage over it then
 * knows its generation between commits, as on PGlite); without, it stands for a driver that has
 * other clients, like a PostgreSQL server's.
 */
export function countingDriver(db: SqlDriver, into: string[], options: { commits: boolean; params?: unknown[][] }): SqlDriver {
  const counted: SqlDriver = {
    query(sql, params) {
      into.push(sql);
      options.params?.push(params ?? []);
      return db.query(sql, params);
    },
    exec: (sql) => db.exec(sql),
    transaction: (work) => db.transaction((tx) => work(countingDriver(tx, into, options))),
    close: async () => {},
  };
  if (options.commits && db.commits) counted.commits = () => db.commits!();
  return counted;
}
