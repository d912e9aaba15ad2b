// pressroom/s3: files in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, …), so that instances on
// several machines share uploads. Web APIs only (fetch, SubtleCrypto through aws4fetch): it runs wherever
// the core does.
import { AwsClient } from 'aws4fetch';
import { type ByteRange, FileExistsError, type FileStore, type SaveOptions, type StoredFile, assertStorePath } from './file-store';

export interface S3FileStoreOptions {
  /** The service's address, e.g. `https://s3.eu-west-1.amazonaws.com` or `http://127.0.0.1:9000`. */
  endpoint: string;
  bucket: string;
  /** Default `us-east-1`. */
  region?: string;
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
  /** Put before every key, e.g. `images/` so one bucket holds images and themes; default none. */
  prefix?: string;
  /** `bucket.host/key` instead of `host/bucket/key`; default false (what MinIO and most compatible servers expect). */
  virtualHosted?: boolean;
}

export class S3Error extends Error {
  constructor(
    readonly status: number,
    operation: string,
    path: string,
  ) {
    super(`S3 ${operation} of ${path} failed with HTTP ${status}`);
    this.name = 'S3Error';
  }
}

/**
 * A FileStore in an S3 bucket. Exclusive saves are conditional writes (`If-None-Match: *`), which AWS S3,
 * MinIO and R2 honour: of concurrent exclusive saves to one key exactly one succeeds there.
 */
export class S3FileStore implements FileStore {
  private readonly client: AwsClient;
  private readonly base: string;
  private readonly prefix: string;

  constructor(options: S3FileStoreOptions) {
    const endpoint = new URL(options.endpoint);
    if (endpoint.protocol !== 'https:' && endpoint.protocol !== 'http:') throw new TypeError('pressroom: S3 endpoint must be an http(s) URL');
    const origin = endpoint.origin;
    this.base = options.virtualHosted ? `${endpoint.protocol}//${options.bucket}.${endpoint.host}` : `${origin}/${encodeURIComponent(options.bucket)}`;
    this.prefix = options.prefix ?? '';
    this.client = new AwsClient({
      accessKeyId: options.accessKeyId,
      secretAccessKey: options.secretAccessKey,
      sessionToken: options.sessionToken,
      region: options.region ?? 'us-east-1',
      service: 's3',
    });
  }

  private url(path: string): string {
    assertStorePath(path);
    return `${this.base}/${`${this.prefix}${path}`.split('/').map(encodeURIComponent).join('/')}`;
  }

  private async head(path: string): Promise<Response | null> {
    const response = await this.client.fetch(this.url(path), { method: 'HEAD' });
    if (response.status === 404) return null;
    if (!response.ok) throw new S3Error(response.status, 'HEAD', path);
    return response;
  }

  async save(path: string, data: Uint8Array, options: SaveOptions): Promise<void> {
    const url = this.url(path);
    // servers without conditional writes still refuse a key that is plainly taken
    if (options.exclusive && (await this.head(path))) throw new FileExistsError(path);
    const headers: Record<string, string> = { 'content-type': options.contentType, 'content-length': String(data.byteLength) };
    if (options.exclusive) headers['if-none-match'] = '*';
    const response = await this.client.fetch(url, { method: 'PUT', headers, body: new Uint8Array(data) });
    await response.body?.cancel();
    if (options.exclusive && (response.status === 412 || response.status === 409)) throw new FileExistsError(path);
    if (!response.ok) throw new S3Error(response.status, 'PUT', path);
  }

  async read(path: string): Promise<StoredFile | null> {
    const url = this.url(path);
    const head = await this.head(path);
    if (!head) return null;
    const size = Number(head.headers.get('content-length') ?? 0);
    const etag = head.headers.get('etag') ?? undefined;
    const lastModified = head.headers.get('last-modified');
    return {
      size,
      contentType: head.headers.get('content-type') ?? 'application/octet-stream',
      modifiedAt: lastModified ? new Date(lastModified) : undefined,
      etag: etag && /^"[^"]*"$/.test(etag) ? etag : undefined,
      stream: (range?: ByteRange) => this.body(url, path, range, etag),
    };
  }

  /** The object's bytes as they arrive, fetched on the first pull; `If-Match` so a replaced object fails instead of mixing. */
  private body(url: string, path: string, range: ByteRange | undefined, etag: string | undefined): ReadableStream<Uint8Array> {
    let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
    return new ReadableStream<Uint8Array>({
      pull: async (controller) => {
        if (!reader) {
          const headers: Record<string, string> = {};
          if (range) headers.range = `bytes=${range.start}-${range.end}`;
          if (etag) headers['if-match'] = etag;
          const response = await this.client.fetch(url, { headers });
          if (!response.ok || !response.body) {
            controller.error(new S3Error(response.status, 'GET', path));
            return;
          }
          reader = response.body.getReader();
        }
        const { done, value } = await reader.read();
        if (done) controller.close();
        else controller.enqueue(value);
      },
      cancel: async () => {
        await reader?.cancel();
      },
    });
  }

  async delete(path: string): Promise<boolean> {
    // S3 answers a delete of a missing key as it does any other: a look first says whether it was there
    if (!(await this.head(path))) return false;
    const response = await this.client.fetch(this.url(path), { method: 'DELETE' });
    await response.body?.cancel();
    if (!response.ok && response.status !== 404) throw new S3Error(response.status, 'DELETE', path);
    return true;
  }

  async exists(path: string): Promise<boolean> {
    return (await this.head(path)) !== null;
  }
}
