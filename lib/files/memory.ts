import { type ByteRange, FileExistsError, type FileStore, type SaveOptions, type StoredFile, assertStorePath } from './file-store';

interface Entry {
  data: Uint8Array<ArrayBuffer>;
  contentType: string;
  modifiedAt: Date;
  etag: string;
}

async function digest(data: Uint8Array<ArrayBuffer>): Promise<string> {
  const hash = new Uint8Array(await crypto.subtle.digest('SHA-256', data));
  return `"${Array.from(hash.subarray(0, 16), (b) => b.toString(16).padStart(2, '0')).join('')}"`;
}

function streamOf(bytes: Uint8Array): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      if (bytes.byteLength > 0) controller.enqueue(bytes.slice());
      controller.close();
    },
  });
}

/** Files in process memory: the default, for tests and for hosts that keep nothing on disk. */
export class MemoryFileStore implements FileStore {
  private readonly files = new Map<string, Entry>();

  async save(path: string, data: Uint8Array, options: SaveOptions): Promise<void> {
    assertStorePath(path);
    const copy = new Uint8Array(data);
    const etag = await digest(copy);
    // checked and set in one synchronous step, after the last await, so concurrent exclusive saves cannot both win
    if (options.exclusive && this.files.has(path)) throw new FileExistsError(path);
    this.files.set(path, { data: copy, contentType: options.contentType, modifiedAt: new Date(), etag });
  }

  async read(path: string): Promise<StoredFile | null> {
    assertStorePath(path);
    const entry = this.files.get(path);
    if (!entry) return null;
    return {
      size: entry.data.byteLength,
      contentType: entry.contentType,
      modifiedAt: entry.modifiedAt,
      etag: entry.etag,
      stream: (range?: ByteRange) => streamOf(range ? entry.data.subarray(range.start, range.end + 1) : entry.data),
      bytes: (range?: ByteRange) => (range ? entry.data.subarray(range.start, range.end + 1) : entry.data),
    };
  }

  async delete(path: string): Promise<boolean> {
    assertStorePath(path);
    return this.files.delete(path);
  }

  async exists(path: string): Promise<boolean> {
    assertStorePath(path);
    return this.files.has(path);
  }
}
