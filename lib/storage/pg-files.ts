// Files in the site's PostgreSQL database (tables of migration 13): what several instances of one site
// share without a shared disk. Node only, on node-postgres, like the rest of pressroom/pg.
import type { Pool, PoolClient } from 'pg';
import { type ByteRange, FileExistsError, type FileStore, type SaveOptions, type StoredFile, assertStorePath } from '../files/file-store';
import { asUnavailable, isUnavailable } from './pg-faults';

export interface PgFileStoreOptions {
  pool: Pool;
  /** The schema the site's tables are in; default `public`. */
  schema?: string;
  /** Which files these are: one store per area (`images`, `themes`) shares the tables. */
  area: string;
  /** Bytes per stored chunk, and so the most a read holds at once; default 256 KB. */
  chunkBytes?: number;
}

const SCHEMA = /^[a-z_][a-z0-9_]{0,62}$/;
const DEFAULT_CHUNK_BYTES = 256 * 1024;

interface FileRow {
  id: string;
  content_type: string;
  size: string;
  chunk_bytes: number;
  etag: string;
  modified_at: Date;
}

async function digest(data: Uint8Array): Promise<string> {
  const hash = new Uint8Array(await crypto.subtle.digest('SHA-256', data as Uint8Array<ArrayBuffer>));
  return `"${Array.from(hash.subarray(0, 16), (b) => b.toString(16).padStart(2, '0')).join('')}"`;
}

/** A FileStore in PostgreSQL: chunked `bytea`, written in one transaction, read back one chunk at a time. */
export class PgFileStore implements FileStore {
  private readonly pool: Pool;
  private readonly area: string;
  private readonly chunkBytes: number;
  private readonly files: string;
  private readonly chunks: string;

  constructor(options: PgFileStoreOptions) {
    const schema = options.schema ?? 'public';
    if (!SCHEMA.test(schema)) throw new TypeError(`pressroom: schema must match ${SCHEMA}, got ${JSON.stringify(schema)}`);
    this.pool = options.pool;
    this.area = options.area;
    this.chunkBytes = options.chunkBytes ?? DEFAULT_CHUNK_BYTES;
    // qualified, so that a host's pool need not set the search path on every connection
    this.files = `${schema}.files`;
    this.chunks = `${schema}.file_chunks`;
  }

  private async inTransaction<T>(work: (client: PoolClient) => Promise<T>): Promise<T> {
    let client: PoolClient;
    try {
      client = await this.pool.connect();
    } catch (error) {
      throw asUnavailable(error);
    }
    // a checked-out connection the server drops emits 'error': unheard, that would end the process
    // (the storage's pool reports it; this only keeps it from being thrown)
    const ignore = () => undefined;
    client.on('error', ignore);
    let broken: Error | undefined;
    try {
      await client.query('BEGIN');
      const result = await work(client);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      if (isUnavailable(error)) broken = error as Error;
      await client.query('ROLLBACK').catch(() => {});
      throw asUnavailable(error);
    } finally {
      client.off('error', ignore);
      client.release(broken);
    }
  }

  /** A statement outside a transaction; a lost database is a DatabaseUnavailableError (503). */
  private async query<R extends object>(sql: string, params: unknown[]): Promise<{ rows: R[]; rowCount: number | null }> {
    try {
      return await this.pool.query<R>(sql, params);
    } catch (error) {
      throw asUnavailable(error);
    }
  }

  async save(path: string, data: Uint8Array, options: SaveOptions): Promise<void> {
    assertStorePath(path);
    const etag = await digest(data);
    const id = crypto.randomUUID();
    const replaced = await this.inTransaction(async (client) => {
      for (let seq = 0, at = 0; at < data.byteLength || seq === 0; seq++, at += this.chunkBytes) {
        const part = data.subarray(at, Math.min(at + this.chunkBytes, data.byteLength));
        await client.query(`INSERT INTO ${this.chunks} (file_id, seq, data) VALUES ($1, $2, $3)`, [
          id,
          seq,
          Buffer.from(part.buffer, part.byteOffset, part.byteLength),
        ]);
        if (data.byteLength === 0) break;
      }
      const values = [this.area, path, id, options.contentType, data.byteLength, this.chunkBytes, etag];
      if (options.exclusive) {
        // the primary key decides: of concurrent exclusive saves exactly one inserts the row
        const inserted = await client.query(
          `INSERT INTO ${this.files} (area, path, id, content_type, size, chunk_bytes, etag) VALUES ($1, $2, $3, $4, $5, $6, $7)
           ON CONFLICT (area, path) DO NOTHING`,
          values,
        );
        if (inserted.rowCount === 0) throw new FileExistsError(path);
        return null;
      }
      const previous = await client.query<{ id: string }>(`SELECT id FROM ${this.files} WHERE area = $1 AND path = $2 FOR UPDATE`, [this.area, path]);
      await client.query(
        `INSERT INTO ${this.files} (area, path, id, content_type, size, chunk_bytes, etag) VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (area, path) DO UPDATE SET id = EXCLUDED.id, content_type = EXCLUDED.content_type, size = EXCLUDED.size,
           chunk_bytes = EXCLUDED.chunk_bytes, etag = EXCLUDED.etag, modified_at = now()`,
        values,
      );
      return previous.rows[0]?.id ?? null;
    });
    if (replaced) await this.query(`DELETE FROM ${this.chunks} WHERE file_id = $1`, [replaced]);
  }

  async read(path: string): Promise<StoredFile | null> {
    assertStorePath(path);
    const { rows } = await this.query<FileRow>(
      `SELECT id, content_type, size, chunk_bytes, etag, modified_at FROM ${this.files} WHERE area = $1 AND path = $2`,
      [this.area, path],
    );
    const row = rows[0];
    if (!row) return null;
    const size = Number(row.size);
    return {
      size,
      contentType: row.content_type,
      modifiedAt: row.modified_at,
      etag: row.etag,
      stream: (range?: ByteRange) => this.chunkStream(row.id, row.chunk_bytes, range ?? { start: 0, end: size - 1 }),
    };
  }

  /** The bytes of `range`, one chunk per pull: never more than a chunk in memory. */
  private chunkStream(id: string, chunkBytes: number, range: ByteRange): ReadableStream<Uint8Array> {
    let seq = Math.floor(range.start / chunkBytes);
    const last = Math.floor(range.end / chunkBytes);
    return new ReadableStream<Uint8Array>({
      pull: async (controller) => {
        if (range.end < range.start || seq > last) {
          controller.close();
          return;
        }
        const { rows } = await this.query<{ data: Buffer }>(`SELECT data FROM ${this.chunks} WHERE file_id = $1 AND seq = $2`, [id, seq]);
        if (!rows[0]) {
          controller.error(new Error('The file was replaced or deleted while it was being read.'));
          return;
        }
        const offset = seq * chunkBytes;
        const from = Math.max(0, range.start - offset);
        const to = Math.min(rows[0].data.byteLength, range.end - offset + 1);
        controller.enqueue(new Uint8Array(rows[0].data.subarray(from, to)));
        seq++;
        if (seq > last) controller.close();
      },
    });
  }

  async delete(path: string): Promise<boolean> {
    assertStorePath(path);
    const { rows } = await this.query<{ id: string }>(`DELETE FROM ${this.files} WHERE area = $1 AND path = $2 RETURNING id`, [this.area, path]);
    if (!rows[0]) return false;
    await this.query(`DELETE FROM ${this.chunks} WHERE file_id = $1`, [rows[0].id]);
    return true;
  }

  async exists(path: string): Promise<boolean> {
    assertStorePath(path);
    const { rowCount } = await this.query(`SELECT 1 FROM ${this.files} WHERE area = $1 AND path = $2`, [this.area, path]);
    return (rowCount ?? 0) > 0;
  }
}
