import { describe, expect, it } from 'vitest';
import { readExport } from '../../lib/ghost/read';

async function rowsOf(text: string, piece: number): Promise<{ meta: unknown; tables: Record<string, unknown[]> }> {
  const bytes = new TextEncoder().encode(text);
  const tables: Record<string, unknown[]> = {};
  let meta: unknown;
  await readExport(
    (async function* () {
      for (let at = 0; at < bytes.length; at += piece) yield bytes.slice(at, at + piece);
    })(),
    { meta: (value) => (meta = value), rows: async (table, rows) => void (tables[table] ??= []).push(...rows) },
  );
  return { meta, tables };
}

const TRICKY = {
  id: 'a',
  html: '<p class="x">\\"}]{[ quote " backslash \\\\ end</p>',
  emoji: '💡 ünïcode',
  nested: { list: [1, [2, { deep: '}' }]] },
  n: -1.5e3,
  t: true,
  z: null,
};

describe('reading an export as a stream', () => {
  it('hands over every row and the meta of {db:[…]} and of a bare {meta, data}, however the bytes are cut', async () => {
    const data = { posts: [TRICKY, { id: 'b' }], tags: [], users: [{ id: 'u', name: 'Ü' }] };
    const files: { db?: { meta: unknown; data: unknown }[]; meta?: unknown; data?: unknown }[] = [
      { db: [{ meta: { version: '5.0.0' }, data }] },
      { data, meta: { version: '4.0.0' } },
    ];
    for (const file of files) {
      for (const piece of [1, 3, 7, 64, 1 << 20]) {
        const { meta, tables } = await rowsOf(JSON.stringify(file, null, piece === 3 ? 2 : 0), piece);
        expect(meta).toEqual(file.db ? file.db[0].meta : file.meta);
        expect(tables).toEqual({ posts: data.posts, users: data.users });
      }
    }
  });

  it('reads a file that starts with a byte-order mark', async () => {
    const { tables } = await rowsOf('\uFEFF{"meta":{"version":"5.0.0"},"data":{"posts":[{"id":"a"}]}}', 1 << 20);
    expect(tables).toEqual({ posts: [{ id: 'a' }] });
  });

  it('refuses what is not JSON, or is cut short, with a 400', async () => {
    for (const text of ['', '{"db": [ nope', '{"db":[{"data":{"posts":[{"id":"a"', '{"a":1}}', '{"data":{"posts":[1]}}', '{"a" 1}']) {
      await expect(rowsOf(text, 5), text).rejects.toMatchObject({ status: 400 });
    }
  });
});
