// What every SQL driver must do alike, whatever it does underneath (PGlite is one backend in this
// process; node-postgres uses a pool): values in and out, row counts, errors, transactions that
// commit, roll back, and keep other callers out, and notifications that come with commits.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUniqueViolation, TransactionAbortedError, type SqlDriver } from '../../lib/storage/sql/driver';

export function driverConformance(name: string, make: () => Promise<SqlDriver>): void {
  describe(`SQL driver conformance: ${name}`, () => {
    let db: SqlDriver;
    const table = `driver_check_${Math.random().toString(36).slice(2, 8)}`;
    const count = async () => Number((await db.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`)).rows[0].n);

    beforeAll(async () => {
      db = await make();
      await db.exec(`CREATE TABLE ${table} (id int PRIMARY KEY, label text, at timestamptz, doc jsonb, flags boolean[], big bigint)`);
    });
    afterAll(async () => {
      await db.exec(`DROP TABLE IF EXISTS ${table}`);
      await db.close();
    });

    it('passes values in and reads them back typed, the same on every run of one statement', async () => {
      const at = new Date('2026-01-02T03:04:05.678Z');
      for (let id = 1; id <= 3; id++) {
        const { affectedRows } = await db.query(`INSERT INTO ${table} (id, label, at, doc, flags, big) VALUES ($1, $2, $3, $4, $5, $6)`, [
          id,
          [`row ${id} — naïve ✓ 🎉`, null, ''][id - 1],
          at,
          { id, list: [1, 'two'] },
          [true, false],
          '9007199254740993',
        ]);
        expect(affectedRows).toBe(1);
      }
      for (let run = 0; run < 3; run++) {
        const { rows } = await db.query<Record<string, unknown>>(`SELECT id, label, at, doc, flags, big FROM ${table} WHERE id = $1`, [2]);
        expect(rows).toEqual([{ id: 2, label: null, at, doc: { id: 2, list: [1, 'two'] }, flags: [true, false], big: expect.anything() }]);
        expect(String(rows[0].big)).toBe('9007199254740993');
      }
      expect((await db.query(`SELECT label FROM ${table} WHERE id IN ($1, $2) ORDER BY id`, [1, 3])).rows).toEqual([
        { label: 'row 1 — naïve ✓ 🎉' },
        { label: '' },
      ]);
      const { rows, affectedRows } = await db.query(`UPDATE ${table} SET label = $1 WHERE id > $2`, ['changed', 1]);
      expect(rows).toEqual([]);
      expect(affectedRows).toBe(2);
    });

    it('reports errors with their SQLSTATE and goes on working after them', async () => {
      const duplicate = db.query(`INSERT INTO ${table} (id) VALUES ($1)`, [1]);
      await expect(duplicate).rejects.toSatisfy((error: unknown) => isUniqueViolation(error, `${table}_pkey`));
      await expect(duplicate).rejects.toMatchObject({ code: '23505', table, constraint: `${table}_pkey` });
      await expect(db.query('SELECT * FROM no_such_table_here')).rejects.toMatchObject({ code: '42P01' });
      await expect(db.query(`SELECT $1::int AS n`, ['not a number'])).rejects.toMatchObject({ code: '22P02' });
      expect((await db.query<{ n: number }>('SELECT $1::int AS n', [41])).rows).toEqual([{ n: 41 }]);
    });

    it('sees a table change shape between two runs of the same statement', async () => {
      const shape = `${table}_shape`;
      await db.exec(`CREATE TABLE ${shape} (a int)`);
      await db.query(`INSERT INTO ${shape} VALUES ($1)`, [1]);
      expect((await db.query(`SELECT * FROM ${shape}`)).rows).toEqual([{ a: 1 }]);
      await db.exec(`ALTER TABLE ${shape} ADD COLUMN b text DEFAULT 'new'`);
      expect((await db.query(`SELECT * FROM ${shape}`)).rows).toEqual([{ a: 1, b: 'new' }]);
      await db.exec(`DROP TABLE ${shape}`);
    });

    it('commits a transaction, and rolls all of it back when the work throws', async () => {
      await db.transaction(async (tx) => {
        await tx.query(`INSERT INTO ${table} (id) VALUES ($1)`, [10]);
        await tx.query(`INSERT INTO ${table} (id) VALUES ($1)`, [11]);
      });
      const before = await count();
      await expect(
        db.transaction(async (tx) => {
          await tx.query(`INSERT INTO ${table} (id) VALUES ($1)`, [12]);
          await tx.exec(`UPDATE ${table} SET label = 'in a rolled-back transaction'`);
          throw new Error('changed my mind');
        }),
      ).rejects.toThrow('changed my mind');
      expect(await count()).toBe(before);
      expect((await db.query(`SELECT id FROM ${table} WHERE label = 'in a rolled-back transaction'`)).rows).toEqual([]);
    });

    it('rolls back statements without parameters run first in a transaction', async () => {
      await expect(
        db.transaction(async (tx) => {
          await tx.exec(`INSERT INTO ${table} (id, label) VALUES (50, 'exec first')`);
          await tx.query(`INSERT INTO ${table} (id) VALUES ($1)`, [51]);
          throw new Error('undo both');
        }),
      ).rejects.toThrow('undo both');
      expect((await db.query(`SELECT id FROM ${table} WHERE id IN (50, 51)`)).rows).toEqual([]);
      await db.transaction((tx) => tx.exec(`INSERT INTO ${table} (id, label) VALUES (52, 'exec only')`));
      expect((await db.query(`SELECT label FROM ${table} WHERE id = 52`)).rows).toEqual([{ label: 'exec only' }]);
    });

    it('refuses to report a transaction as done when a statement in it failed and the work went on', async () => {
      const before = await count();
      await expect(
        db.transaction(async (tx) => {
          await tx.query(`INSERT INTO ${table} (id) VALUES ($1)`, [20]);
          await tx.query(`INSERT INTO ${table} (id) VALUES ($1)`, [1]).catch(() => undefined);
        }),
      ).rejects.toBeInstanceOf(TransactionAbortedError);
      expect(await count()).toBe(before);
    });

    it('returns the result of a transaction that ran no statement, and of nested ones', async () => {
      expect(await db.transaction(async () => 'nothing to do')).toBe('nothing to do');
      const inner = await db.transaction((tx) =>
        tx.transaction(async (nested) => {
          await nested.query(`INSERT INTO ${table} (id) VALUES ($1)`, [30]);
          return (await nested.query<{ id: number }>(`SELECT id FROM ${table} WHERE id = $1`, [30])).rows;
        }),
      );
      expect(inner).toEqual([{ id: 30 }]);
    });

    it('keeps statements of other callers out of an open transaction', async () => {
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let inside!: () => void;
      const started = new Promise<void>((resolve) => (inside = resolve));
      const transaction = db.transaction(async (tx) => {
        await tx.query(`INSERT INTO ${table} (id, label) VALUES ($1, $2)`, [40, 'uncommitted']);
        inside();
        await held;
        throw new Error('roll it back');
      });
      await started;
      // a statement from outside meanwhile must neither see the uncommitted row nor become part of the transaction
      const outside = db.query(`INSERT INTO ${table} (id, label) VALUES ($1, $2)`, [41, 'outside']);
      const seen = db.query<{ id: number }>(`SELECT id FROM ${table} WHERE id IN (40, 41) ORDER BY id`);
      release();
      await expect(transaction).rejects.toThrow('roll it back');
      await outside;
      expect((await seen).rows.map((r) => r.id)).not.toContain(40);
      expect((await db.query<{ id: number }>(`SELECT id FROM ${table} WHERE id IN (40, 41) ORDER BY id`)).rows).toEqual([{ id: 41 }]);
    });

    it('refuses statements on a transaction that has ended', async () => {
      let kept!: SqlDriver;
      await db.transaction(async (tx) => {
        kept = tx;
        await tx.query('SELECT 1');
      });
      await expect(kept.query('SELECT 1')).rejects.toThrow();
    });

    it('tells a listener of every NOTIFY on its channel once committed, none rolled back, none after it stopped', async () => {
      const channel = `${table}_events`;
      const other = `${channel}_other`;
      const first = heard();
      const second = heard();
      const stopFirst = await db.listen(channel, first.listener);
      const stops = [await db.listen(channel, second.listener), await db.listen(other, second.listener)];
      const notify = (tx: SqlDriver, on: string, payload: string) => tx.query('SELECT pg_notify($1, $2)', [on, payload]);
      await expect(
        db.transaction(async (tx) => {
          await notify(tx, channel, 'rolled back');
          throw new Error('undo');
        }),
      ).rejects.toThrow('undo');
      await db.transaction(async (tx) => {
        await notify(tx, channel, 'committed');
        await notify(tx, other, 'on the other channel');
      });
      // notifications come in the order of the commits that sent them: a rolled-back one would have come first
      await first.count(1);
      await second.count(2);
      expect(first.payloads).toEqual(['committed']);
      expect([...second.payloads].sort()).toEqual(['committed', 'on the other channel']);
      await stopFirst();
      await db.transaction((tx) => notify(tx, channel, 'after the first stopped'));
      await second.count(3);
      expect(second.payloads[2]).toBe('after the first stopped');
      // a statement outside a transaction commits by itself
      await db.query('SELECT pg_notify($1, $2)', [channel, 'outside a transaction']);
      await second.count(4);
      expect(second.payloads[3]).toBe('outside a transaction');
      expect(first.payloads).toEqual(['committed']);
      for (const stop of stops) await stop();
    });

    it('refuses a channel name that is not a plain lower-case identifier', async () => {
      for (const channel of ['', 'Upper', 'two words', 'quote"d', '1st', 'x'.repeat(64)]) {
        await expect(db.listen(channel, () => {})).rejects.toThrow(TypeError);
      }
    });
  });
}

/** A listener that keeps the payloads it is given, and a wait for the `n`th of them. */
function heard() {
  const payloads: string[] = [];
  let waiting: { n: number; resolve: () => void } | undefined;
  return {
    payloads,
    listener(payload: string) {
      payloads.push(payload);
      if (waiting && payloads.length >= waiting.n) waiting.resolve();
    },
    count(n: number): Promise<void> {
      if (payloads.length >= n) return Promise.resolve();
      return new Promise((resolve) => (waiting = { n, resolve }));
    },
  };
}
