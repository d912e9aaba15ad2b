import type { SqlDriver } from '../../lib/storage/sql/driver';

/**
 * `db`, recording every statement it runs in `into` (and, with `params`, their parameters there, in
 * the same order).
 */
export function countingDriver(db: SqlDriver, into: string[], options: { params?: unknown[][] } = {}): SqlDriver {
  return {
    query(sql, params) {
      into.push(sql);
      options.params?.push(params ?? []);
      return db.query(sql, params);
    },
    exec: (sql) => db.exec(sql),
    transaction: (work) => db.transaction((tx) => work(countingDriver(tx, into, options))),
    listen: (channel, listener) => db.listen(channel, listener),
    close: async () => {},
  };
}
