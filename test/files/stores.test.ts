import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DirectoryFileStore } from '../../lib/files/directory';
import { FileExistsError, type FileStore, InvalidPathError } from '../../lib/files/file-store';
import { MemoryFileStore } from '../../lib/files/memory';
import { createPgDriver, type PgDriver, PgFileStore } from '../../lib/storage/pg';
import { dropSchema, POSTGRES_URL, postgresAvailable, uniqueSchema } from '../helpers/postgres';
import { S3FileStore } from '../../lib/files/s3';
import { type RunningS3, startS3 } from '../helpers/s3rver';
import { te } from './fixtures';

const dirs: string[] = [];
const postgres = await postgresAvailable();
const schema = uniqueSchema();
let driver: PgDriver | undefined;
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  if (driver) {
    await driver.close();
    await dropSchema(schema);
  }
  await s3?.close();
});
let s3: RunningS3 | undefined;
// s3rver does not implement conditional writes (If-None-Match: *): concurrent exclusive saves cannot be decided there
const WITHOUT_CONDITIONAL_WRITES = new Set(['S3FileStore (s3rver)']);

async function bytesOf(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

// The same contract for every FileStore; a host's own store can be run through it too.
const stores: [string, () => Promise<FileStore>][] = [
  ['MemoryFileStore', async () => new MemoryFileStore()],
  [
    'DirectoryFileStore',
    async () => {
      const dir = await mkdtemp(join(tmpdir(), 'pressroom-files-'));
      dirs.push(dir);
      return new DirectoryFileStore(dir);
    },
  ],
  ...(postgres.ok
    ? ([
        [
          'PgFileStore',
          async () => {
            driver ??= await createPgDriver({ connectionString: POSTGRES_URL, schema });
            // small chunks, so ranges and files cross chunk boundaries; a fresh area per test is an empty store
            return new PgFileStore({ pool: driver.pool, schema, area: `t${crypto.randomUUID()}`, chunkBytes: 1024 });
          },
        ],
      ] as [string, () => Promise<FileStore>][])
    : []),
  [
    'S3FileStore (s3rver)',
    async () => {
      s3 ??= await startS3();
      // a fresh prefix per test is an empty store
      return new S3FileStore({ ...s3, prefix: `t${crypto.randomUUID()}/` });
    },
  ],
];

describe.each(stores)('%s', (name, make) => {
  it('saves, reads with size and type, reads ranges, deletes', async () => {
    const store = await make();
    const data = te('0123456789');
    await store.save('2024/05/a.png', data, { contentType: 'image/png' });
    expect(await store.exists('2024/05/a.png')).toBe(true);
    const file = (await store.read('2024/05/a.png'))!;
    expect(file.size).toBe(10);
    expect(file.contentType).toBe('image/png');
    expect(file.etag).toMatch(/^"[^"]+"$/);
    expect(await bytesOf(file.stream())).toEqual(data);
    expect(new TextDecoder().decode(await bytesOf(file.stream({ start: 2, end: 4 })))).toBe('234');
    expect(await store.delete('2024/05/a.png')).toBe(true);
    expect(await store.delete('2024/05/a.png')).toBe(false);
    expect(await store.read('2024/05/a.png')).toBeNull();
    expect(await store.exists('2024/05/a.png')).toBe(false);
  });

  it('keeps the bytes it was given, even if the caller reuses its buffer', async () => {
    const store = await make();
    const data = te('abc');
    await store.save('x.txt', data, { contentType: 'text/plain' });
    data[0] = 0x7a;
    expect(new TextDecoder().decode(await bytesOf((await store.read('x.txt'))!.stream()))).toBe('abc');
  });

  it('replaces by default; exclusive saves refuse a taken path', async () => {
    const store = await make();
    await store.save('a.txt', te('one'), { contentType: 'text/plain' });
    await store.save('a.txt', te('two'), { contentType: 'text/plain' });
    expect((await store.read('a.txt'))!.size).toBe(3);
    await expect(store.save('a.txt', te('three'), { contentType: 'text/plain', exclusive: true })).rejects.toBeInstanceOf(FileExistsError);
    expect(new TextDecoder().decode(await bytesOf((await store.read('a.txt'))!.stream()))).toBe('two');
  });

  it.skipIf(WITHOUT_CONDITIONAL_WRITES.has(name))('lets exactly one of many concurrent exclusive saves win', async () => {
    const store = await make();
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) => store.save('race.txt', te(`writer ${i}`), { contentType: 'text/plain', exclusive: true })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.filter((r) => r.status === 'rejected' && r.reason instanceof FileExistsError)).toHaveLength(19);
  });

  it('streams a file larger than memory wants to hold at once, and ranges across its parts', async () => {
    const store = await make();
    const data = new Uint8Array(30_000).map((_, i) => (i * 7) % 251);
    await store.save('big.bin', data, { contentType: 'application/octet-stream' });
    const file = (await store.read('big.bin'))!;
    expect(file.size).toBe(data.length);
    const same = (a: Uint8Array, b: Uint8Array) => a.length === b.length && Buffer.compare(a, b) === 0;
    expect(same(await bytesOf(file.stream()), data)).toBe(true);
    expect(same(await bytesOf(file.stream({ start: 9_998, end: 20_001 })), data.slice(9_998, 20_002))).toBe(true);
    await store.save('empty.bin', new Uint8Array(), { contentType: 'application/octet-stream' });
    expect((await store.read('empty.bin'))!.size).toBe(0);
    expect(await bytesOf((await store.read('empty.bin'))!.stream())).toEqual(new Uint8Array());
  });

  it('refuses paths that could leave the store', async () => {
    const store = await make();
    for (const path of ['../x', 'a/../../x', '/etc/passwd', 'a\\b', 'a//b', '', 'a/./b', 'c:x']) {
      await expect(store.save(path, te('x'), { contentType: 'text/plain' })).rejects.toBeInstanceOf(InvalidPathError);
      await expect(store.read(path)).rejects.toBeInstanceOf(InvalidPathError);
    }
  });
});

describe('DirectoryFileStore on disk', () => {
  it('writes plain files under its root, leaves no temp files, prunes empty folders on delete', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'pressroom-files-'));
    dirs.push(dir);
    const store = new DirectoryFileStore(dir);
    await store.save('theme/partials/a.hbs', te('a'), { contentType: 'text/plain' });
    await store.save('theme/index.hbs', te('i'), { contentType: 'text/plain', exclusive: true });
    expect((await readdir(join(dir, 'theme'))).sort()).toEqual(['index.hbs', 'partials']);
    await store.delete('theme/partials/a.hbs');
    expect(await readdir(join(dir, 'theme'))).toEqual(['index.hbs']);
    await store.delete('theme/index.hbs');
    expect(await readdir(dir)).toEqual([]);
  });

  it('derives the served type from the extension and never exposes files being written', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'pressroom-files-'));
    dirs.push(dir);
    const store = new DirectoryFileStore(dir);
    await store.save('a.svg', te('<svg/>'), { contentType: 'whatever' });
    expect((await store.read('a.svg'))!.contentType).toBe('image/svg+xml');
    await expect(store.read('.pressroom-123.tmp')).rejects.toBeInstanceOf(InvalidPathError);
  });
});
