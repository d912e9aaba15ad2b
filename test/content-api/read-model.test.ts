import { describe, expect, it } from 'vitest';
import { ReadModel, type CacheInvalidateEvent } from '../../lib/read-model/read-model';
import type { ChangeFeed, ChangesSince } from '../../lib/storage/storage';

// The read model against a change feed the test writes, as the database's triggers would.

function feed() {
  const log: { generation: number; keys: string[] }[] = [];
  let oldest = 1;
  const reads = { count: 0 };
  const changes: ChangeFeed = {
    async since(after): Promise<ChangesSince> {
      reads.count++;
      const generation = log.length;
      if (after === generation) return { generation, keys: [] };
      if (after < oldest - 1) return { generation, keys: null };
      return { generation, keys: [...new Set(log.filter((c) => c.generation > after).flatMap((c) => c.keys))] };
    },
  };
  return {
    changes,
    reads,
    commit: (...keys: string[]) => log.push({ generation: log.length + 1, keys }),
    forgetBefore: (generation: number) => (oldest = generation),
  };
}

function model(checkMs = 1000) {
  const db = feed();
  let now = 0;
  const readModel = new ReadModel(db.changes, { maxBytes: 10_000, checkMs, clock: () => now });
  const heard: CacheInvalidateEvent[] = [];
  readModel.onInvalidate((event) => heard.push(event));
  return { db, readModel, heard, tick: (ms: number) => (now += ms) };
}

describe('the read model', () => {
  it('evicts exactly what a change touched, once it has read the change', async () => {
    const { db, readModel, heard } = model();
    const since = await readModel.current();
    readModel.keep('a', 'A', ['post:1', 'list:posts'], 10, since);
    readModel.keep('b', 'B', ['post:2'], 10, since);
    db.commit('post:1');
    // not told yet, and not due to ask: what it keeps still answers
    expect(readModel.get('a')).toBe('A');
    readModel.follower.changed();
    await readModel.current();
    expect(readModel.get('a')).toBeUndefined();
    expect(readModel.get('b')).toBe('B');
    expect(heard).toEqual([{ keys: ['post:1'], all: false }]);
  });

  it('reads a change it is told of twice (its commit, the announcement) once, and one it is told of during a read after that read', async () => {
    const { db, readModel } = model();
    readModel.keep('a', 'A', ['post:1'], 10, await readModel.current());
    const reads = db.reads.count;
    db.commit('post:1');
    await Promise.all([readModel.follower.catchUp(1), readModel.follower.catchUp(1)]);
    expect(db.reads.count).toBe(reads + 1);
    expect(readModel.get('a')).toBeUndefined();
    await readModel.follower.catchUp(1);
    expect(db.reads.count).toBe(reads + 1);
    // a generation not known (an announcement without one) is read
    await readModel.follower.catchUp(Number.NaN);
    expect(db.reads.count).toBe(reads + 2);
    // a change committed while a read is under way, told of then, is read after it
    readModel.keep('b', 'B', ['post:2'], 10, await readModel.current());
    const under = readModel.follower.read();
    db.commit('post:2');
    await Promise.all([under, readModel.follower.catchUp(2)]);
    expect(readModel.get('b')).toBeUndefined();
  });

  it('takes the keys of the next change as told (its own commit) without reading, and reads when a change was missed', async () => {
    const { db, readModel, heard, tick } = model(500);
    readModel.keep('a', 'A', ['post:1'], 10, await readModel.current());
    readModel.keep('b', 'B', ['post:2'], 10, readModel.generation);
    const reads = db.reads.count;
    db.commit('post:1');
    await readModel.follower.catchUp(1, ['post:1']);
    expect(db.reads.count).toBe(reads);
    expect(readModel.get('a')).toBeUndefined();
    expect(readModel.get('b')).toBe('B');
    expect(heard.at(-1)).toEqual({ keys: ['post:1'], all: false });
    // as good as a read at the commit: current for checkMs from then
    tick(499);
    expect(readModel.fresh()).toBe(1);
    // another instance's change (2) was not told of: the next one told with its keys is read with it
    db.commit('post:2');
    db.commit('post:3');
    await readModel.follower.catchUp(3, ['post:3']);
    expect(db.reads.count).toBe(reads + 1);
    expect(readModel.get('b')).toBeUndefined();
    expect(readModel.generation).toBe(3);
  });

  it('asks the database again after checkMs without being told', async () => {
    const { db, readModel, tick } = model(500);
    readModel.keep('a', 'A', ['post:1'], 10, await readModel.current());
    db.commit('post:1');
    tick(499);
    expect(readModel.fresh()).toBe(0);
    tick(1);
    expect(readModel.fresh()).toBeUndefined();
    await readModel.current();
    expect(readModel.get('a')).toBeUndefined();
  });

  it('refuses what was made from content a later change touched, and keeps what it did not touch', async () => {
    const { db, readModel } = model();
    const since = await readModel.current();
    // a read begins at `since`; meanwhile a change commits and is learnt of before the read ends
    db.commit('post:1');
    readModel.follower.changed();
    await readModel.current();
    expect(readModel.keep('stale', 'S', ['post:1'], 10, since)).toBe(false);
    expect(readModel.get('stale')).toBeUndefined();
    expect(readModel.keep('fine', 'F', ['post:2'], 10, since)).toBe(true);
    // what names no keys depends on everything
    expect(readModel.keep('anything', 'X', ['*'], 10, since)).toBe(false);
  });

  it('forgets everything when it cannot learn what changed', async () => {
    const { db, readModel, heard } = model();
    readModel.keep('a', 'A', ['post:1'], 10, await readModel.current());
    db.commit('post:2');
    db.commit('post:3');
    db.forgetBefore(3);
    readModel.follower.changed();
    await readModel.current();
    expect(readModel.get('a')).toBeUndefined();
    expect(heard).toEqual([{ keys: [], all: true }]);
  });

  it('stays within its bytes, and a thing dropped for room no longer answers to its keys', async () => {
    const { db, readModel } = model();
    const since = await readModel.current();
    for (let i = 0; i < 100; i++) readModel.keep(`n${i}`, i, [`post:${i}`], 500, since);
    expect(readModel.bytes).toBeLessThanOrEqual(10_000);
    expect(readModel.get('n0')).toBeUndefined();
    expect(readModel.get('n99')).toBe(99);
    db.commit('post:99');
    readModel.follower.changed();
    await readModel.current();
    expect(readModel.get('n99')).toBeUndefined();
    expect(readModel.get('n98')).toBe(98);
  });

  it('asks the database on every read with checkMs 0, and still answers', async () => {
    const { db, readModel } = model(0);
    readModel.keep('a', 'A', ['post:1'], 10, await readModel.current());
    expect(readModel.fresh()).toBeUndefined();
    db.commit('post:1');
    expect(await readModel.current()).toBe(1);
    expect(readModel.get('a')).toBeUndefined();
  });

  it('keeps nothing with maxBytes 0', async () => {
    const readModel = new ReadModel(feed().changes, { maxBytes: 0, checkMs: 500, clock: () => 0 });
    expect(readModel.keep('a', 'A', [], 1, await readModel.current())).toBe(false);
  });
});
