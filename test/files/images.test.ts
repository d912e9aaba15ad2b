import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DirectoryFileStore } from '../../lib/files/directory';
import type { FileStore, SaveOptions } from '../../lib/files/file-store';
import { MemoryFileStore } from '../../lib/files/memory';
import { BASE, body, createTestSite, type TestSite } from '../helpers/service';
import { adminFetch, gif, ico, imageForm, jpeg, png, SVG_WITH_SCRIPT, td, te, upload, webp } from './fixtures';

/** A store that remembers every save attempted, to prove rejected uploads wrote nothing. */
class RecordingStore extends MemoryFileStore {
  saves: string[] = [];
  override save(path: string, data: Uint8Array, options: SaveOptions): Promise<void> {
    this.saves.push(path);
    return super.save(path, data, options);
  }
}

let site: TestSite;
const images = new RecordingStore();

beforeAll(async () => {
  site = await createTestSite({ files: { images } });
});
afterAll(() => site.close());

function folderNow(): string {
  const now = new Date();
  return `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
}

async function uploaded(res: Response): Promise<{ url: string; ref: string | null }> {
  expect(res.status).toBe(201);
  const json = await body(res);
  expect(Object.keys(json)).toEqual(['images']);
  return json.images[0];
}

async function served(url: string, init: RequestInit = {}): Promise<Response> {
  return site.service.fetch(new Request(url, init));
}

async function bytes(res: Response): Promise<Uint8Array> {
  return new Uint8Array(await res.arrayBuffer());
}

const FILES = {
  png: { data: png(2, 2), name: 'a.png', type: 'image/png' },
  jpeg: { data: jpeg(16, 16), name: 'a.jpg', type: 'image/jpeg' },
  gif: { data: gif(), name: 'a.gif', type: 'image/gif' },
  webp: { data: webp(4, 4), name: 'a.webp', type: 'image/webp' },
  svg: { data: te('<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8"/></svg>'), name: 'a.svg', type: 'image/svg+xml' },
  ico: { data: ico(64), name: 'a.ico', type: 'image/x-icon' },
  icoPng: { data: png(64, 64), name: 'a.png', type: 'image/png' },
};

describe('POST images/upload/: formats per purpose', () => {
  const cases: [string, keyof typeof FILES, number][] = [
    ['image', 'png', 201],
    ['image', 'jpeg', 201],
    ['image', 'gif', 201],
    ['image', 'webp', 201],
    ['image', 'svg', 201],
    ['image', 'ico', 415],
    ['profile_image', 'png', 201],
    ['profile_image', 'jpeg', 201],
    ['profile_image', 'gif', 201],
    ['profile_image', 'webp', 201],
    ['profile_image', 'svg', 201],
    ['profile_image', 'ico', 415],
    ['icon', 'ico', 201],
    ['icon', 'icoPng', 201],
    ['icon', 'jpeg', 415],
    ['icon', 'gif', 415],
    ['icon', 'webp', 415],
    ['icon', 'svg', 415],
  ];
  it.each(cases)('%s accepts or refuses %s (%i)', async (purpose, kind, status) => {
    const file = FILES[kind];
    const before = images.saves.length;
    const res = await upload(site, imageForm(file.data, file.name, file.type, { purpose }));
    expect(res.status).toBe(status);
    const json = await body(res);
    if (status === 201) {
      expect(json.images[0].url).toMatch(new RegExp(`^${BASE}/content/images/${folderNow()}/a(-\\d+)?\\.${file.name.split('.')[1]}$`));
    } else {
      expect(json.errors[0]).toMatchObject({ type: 'UnsupportedMediaTypeError', property: 'file' });
      expect(images.saves.length).toBe(before);
    }
  });

  it('purpose defaults to image; ref is echoed unchanged, null when absent; v2 answers the same', async () => {
    const withRef = await uploaded(await upload(site, imageForm(png(), 'ref.png', 'image/png', { ref: '  my ref/ünïcode  ' })));
    expect(withRef.ref).toBe('  my ref/ünïcode  ');
    const without = await uploaded(await upload(site, imageForm(png(), 'ref.png', 'image/png')));
    expect(without.ref).toBeNull();
    expect(without.url).not.toBe(withRef.url);
    const v2 = await uploaded(await upload(site, imageForm(png(), 'ref.png', 'image/png', { ref: 'x' }), 'v2'));
    expect(v2.ref).toBe('x');
  });

  it('an unknown purpose is a 422 naming it', async () => {
    const res = await upload(site, imageForm(png(), 'a.png', 'image/png', { purpose: 'banner' }));
    expect(res.status).toBe(422);
    expect((await body(res)).errors[0]).toMatchObject({ type: 'ValidationError', property: 'purpose' });
  });
});

describe('POST images/upload/: refusals', () => {
  it('no file → 422 (an empty form, another field name, an empty file input, no body)', async () => {
    const before = images.saves.length;
    const forms = [imageForm(png(), 'a.png', 'image/png'), new FormData()];
    forms[0].delete('file');
    forms[0].append('image', new Blob([png() as BlobPart], { type: 'image/png' }), 'a.png');
    forms[1].append('file', new Blob([], { type: 'application/octet-stream' }), '');
    for (const form of forms) {
      const res = await upload(site, form);
      expect(res.status).toBe(422);
      expect((await body(res)).errors[0]).toMatchObject({ type: 'ValidationError', property: 'file' });
    }
    expect((await adminFetch(site, 'POST', 'images/upload/')).status).toBe(422);
    expect(images.saves.length).toBe(before);
  });

  it('a file whose extension, declared type or content disagree → 415 saying which', async () => {
    const lies: [Uint8Array, string, string, RegExp][] = [
      [png(), 'photo.jpg', 'image/jpeg', /content of the file is not JPEG/],
      [te('just some text'), 'notes.png', 'image/png', /content of the file is not PNG/],
      [png(), 'a.png', 'image/gif', /sent as image\/gif/],
      [png(), 'a.png', 'application/octet-stream', /sent as application\/octet-stream/],
      [png(), 'no-extension', 'image/png', /no extension/],
      [te('<html><script>alert(1)</script></html>'), 'a.svg', 'image/svg+xml', /not an SVG document/],
      [te('GIF89a<script>alert(1)</script>'), 'a.html', 'text/html', /\.html are not accepted/],
    ];
    const before = images.saves.length;
    for (const [data, name, type, context] of lies) {
      const res = await upload(site, imageForm(data, name, type));
      expect(res.status).toBe(415);
      expect((await body(res)).errors[0].context).toMatch(context);
    }
    expect(images.saves.length).toBe(before);
  });

  it('a profile image that is not square → 422', async () => {
    for (const [data, name, type] of [
      [png(3, 2), 'a.png', 'image/png'],
      [jpeg(16, 24), 'a.jpg', 'image/jpeg'],
      [webp(5, 4), 'a.webp', 'image/webp'],
    ] as const) {
      const res = await upload(site, imageForm(data, name, type, { purpose: 'profile_image' }));
      expect(res.status).toBe(422);
      expect((await body(res)).errors[0]).toMatchObject({ type: 'ValidationError', message: 'Profile images must be square.' });
    }
    const svg = te('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 20 10"/>');
    expect((await upload(site, imageForm(svg, 'a.svg', 'image/svg+xml', { purpose: 'profile_image' }))).status).toBe(422);
  });

  it('an icon must be square and 60–1000 px', async () => {
    const sizes: [Uint8Array, string, string, number][] = [
      [png(59, 59), 'i.png', 'image/png', 422],
      [png(60, 60), 'i.png', 'image/png', 201],
      [png(1000, 1000), 'i.png', 'image/png', 201],
      [png(1001, 1001), 'i.png', 'image/png', 422],
      [png(64, 80), 'i.png', 'image/png', 422],
      [ico(32), 'i.ico', 'image/x-icon', 422],
      [ico(256), 'i.ico', 'image/vnd.microsoft.icon', 201],
    ];
    for (const [data, name, type, status] of sizes) {
      const res = await upload(site, imageForm(data, name, type, { purpose: 'icon' }));
      expect(res.status, `${name} ${data.length}`).toBe(status);
    }
  });

  it('a non-multipart body → 415; without credentials → 401', async () => {
    const res = await adminFetch(site, 'POST', 'images/upload/', JSON.stringify({ file: 'x' }), { 'content-type': 'application/json' });
    expect(res.status).toBe(415);
    const anonymous = await site.service.fetch(
      new Request(`${BASE}/svc/api/v3/admin/images/upload/`, { method: 'POST', body: imageForm(png(), 'a.png', 'image/png') }),
    );
    expect(anonymous.status).toBe(401);
  });

  it('a malformed multipart body → 400', async () => {
    const res = await adminFetch(site, 'POST', 'images/upload/', '--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nunterminated', {
      'content-type': 'multipart/form-data; boundary=x',
    });
    expect(res.status).toBe(400);
    expect((await body(res)).errors[0].type).toBe('BadRequestError');
  });
});

describe('stored names', () => {
  it('sanitises the file name as the reference does and keeps the extension', async () => {
    const names: [string, string][] = [
      ['My Photo (1).PNG', 'My-Photo--1-.PNG'],
      ['café + crème.png', 'caf----cr-me.png'],
      ['x@2x.final.png', 'x@2x.final.png'],
      ['../../etc/evil.png', 'evil.png'],
    ];
    for (const [sent, stored] of names) {
      const { url } = await uploaded(await upload(site, imageForm(png(), sent, 'image/png')));
      expect(url).toBe(`${BASE}/content/images/${folderNow()}/${stored}`);
    }
  });

  it('50 concurrent uploads of one name are all stored, under distinct names, each intact', async () => {
    const files = Array.from({ length: 50 }, (_, i) => png(i + 1, 1));
    const responses = await Promise.all(files.map((file) => upload(site, imageForm(file, 'crowd.png', 'image/png'))));
    const urls = await Promise.all(responses.map(async (res) => (await uploaded(res)).url));
    expect(new Set(urls).size).toBe(50);
    const names = new Set(urls.map((url) => url.slice(url.lastIndexOf('/') + 1)));
    expect(names).toEqual(new Set(['crowd.png', ...Array.from({ length: 49 }, (_, i) => `crowd-${i + 1}.png`)]));
    for (let i = 0; i < 50; i++) expect(await bytes(await served(urls[i]))).toEqual(files[i]);
  });
});

describe('serving uploaded files', () => {
  let url: string;
  const original = jpeg(40, 40);
  // bytes after the end-of-image marker: a re-encoder would drop them, the default storage must not
  const withTrailer = Uint8Array.from([...original, ...te('trailing metadata')]);

  beforeAll(async () => {
    url = (await uploaded(await upload(site, imageForm(withTrailer, 'served.jpg', 'image/jpeg')))).url;
  });

  it('GET returns the upload byte for byte, with type, nosniff, ETag, long caching', async () => {
    const res = await served(url);
    expect(res.status).toBe(200);
    expect(await bytes(res)).toEqual(withTrailer);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('content-length')).toBe(String(withTrailer.length));
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('etag')).toMatch(/^"[0-9a-f]+"$/);
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect(res.headers.get('last-modified')).toBeTruthy();
  });

  it('HEAD has the headers and no body; If-None-Match → 304', async () => {
    const head = await served(url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(withTrailer.length));
    expect(await head.text()).toBe('');
    const etag = head.headers.get('etag')!;
    const again = await served(url, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    expect((await served(url, { headers: { 'if-none-match': '"other"' } })).status).toBe(200);
    expect((await served(url, { headers: { 'if-modified-since': new Date(Date.now() + 60_000).toUTCString() } })).status).toBe(304);
  });

  it('answers byte ranges: 206 with Content-Range, suffix and open ranges, 416 past the end', async () => {
    const size = withTrailer.length;
    const part = await served(url, { headers: { range: 'bytes=0-3' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 0-3/${size}`);
    expect(part.headers.get('content-length')).toBe('4');
    expect(await bytes(part)).toEqual(withTrailer.subarray(0, 4));

    const tail = await served(url, { headers: { range: 'bytes=-17' } });
    expect(td(await bytes(tail))).toBe('trailing metadata');
    const open = await served(url, { headers: { range: `bytes=${size - 8}-` } });
    expect(td(await bytes(open))).toBe('metadata');

    const beyond = await served(url, { headers: { range: `bytes=${size}-` } });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe(`bytes */${size}`);

    // several ranges, or a stale If-Range: the whole file
    expect((await served(url, { headers: { range: 'bytes=0-1,4-5' } })).status).toBe(200);
    expect((await served(url, { headers: { range: 'bytes=0-1', 'if-range': '"stale"' } })).status).toBe(200);
  });

  it('serves SVGs sanitised, with a restrictive Content-Security-Policy', async () => {
    const { url: svgUrl } = await uploaded(await upload(site, imageForm(te(SVG_WITH_SCRIPT), 'logo.svg', 'image/svg+xml')));
    const res = await served(svgUrl);
    expect(res.headers.get('content-type')).toBe('image/svg+xml');
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox");
    const text = await res.text();
    expect(text).toMatch(/^<svg /);
    expect(text).not.toMatch(/script|onload|onclick|javascript:|evil\.example|foreignObject/i);
    expect(text).toContain('<path d="M0 0L10 10" stroke="black"/>');
  });

  it('unknown files → 404, other methods → 405, traversal attempts → 404', async () => {
    expect((await served(`${BASE}/content/images/${folderNow()}/missing.png`)).status).toBe(404);
    expect((await served(`${BASE}/content/images/`)).status).toBe(404);
    expect((await served(`${BASE}/content/images/%2e%2e/%2e%2e/package.json`)).status).toBe(404);
    expect((await served(`${BASE}/content/images/..%2f..%2fpackage.json`)).status).toBe(404);
    expect((await served(`${BASE}/content/images/%E0%A4%A`)).status).toBe(404);
    const post = await served(url, { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
  });
});

describe('upload size limit', () => {
  let small: TestSite;
  const store = new RecordingStore();
  const LIMIT = 50_000;
  const BOUNDARY = 'pressroom-boundary';

  beforeAll(async () => {
    small = await createTestSite({ files: { images: store }, limits: { uploadBytes: LIMIT } });
  });
  afterAll(() => small.close());

  /** A multipart body that streams `total` bytes of file content on demand, counting what was pulled. */
  function streamedBody(total: number) {
    const head = te(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`);
    const state = { pulled: 0, cancelled: false };
    const chunk = new Uint8Array(16 * 1024);
    chunk.set(png(), 0);
    const stream = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          if (state.pulled === 0) controller.enqueue(head);
          else if (state.pulled >= total) return controller.close();
          else controller.enqueue(chunk.slice());
          state.pulled += state.pulled === 0 ? head.length : chunk.length;
        },
        cancel() {
          state.cancelled = true;
        },
      },
      { highWaterMark: 0 },
    );
    return { stream, state };
  }

  const headers = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };

  it('refuses a declared Content-Length over the limit before reading the body', async () => {
    const { stream, state } = streamedBody(50 * 1024 * 1024);
    const res = await adminFetch(small, 'POST', 'images/upload/', stream, { ...headers, 'content-length': String(50 * 1024 * 1024) });
    expect(res.status).toBe(413);
    expect((await body(res)).errors[0].type).toBe('RequestEntityTooLargeError');
    expect(state.pulled).toBe(0);
    expect(store.saves).toEqual([]);
  });

  it('stops reading a streamed body as soon as the file passes the limit: 413, nothing stored', async () => {
    const { stream, state } = streamedBody(50 * 1024 * 1024);
    const res = await adminFetch(small, 'POST', 'images/upload/', stream, headers);
    expect(res.status).toBe(413);
    // read just past the limit, not the 50 MB offered
    expect(state.pulled).toBeGreaterThan(LIMIT);
    expect(state.pulled).toBeLessThan(LIMIT + 64 * 1024);
    expect(state.cancelled).toBe(true);
    expect(store.saves).toEqual([]);
  });

  it('accepts a file exactly at the limit', async () => {
    const file = new Uint8Array(LIMIT);
    file.set(png(), 0);
    const res = await upload(small, imageForm(file, 'exact.png', 'image/png'));
    expect(res.status).toBe(201);
    const { url } = (await body(res)).images[0];
    expect(await bytes(await small.service.fetch(new Request(url)))).toEqual(file);
  });

  it('a buffered body one byte over the limit → 413', async () => {
    const res = await upload(small, imageForm(new Uint8Array(LIMIT + 1), 'over.png', 'image/png'));
    expect(res.status).toBe(413);
  });
});

describe('with a directory on disk and a custom images path', () => {
  let disk: TestSite;
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'pressroom-images-'));
    disk = await createTestSite({ files: { images: new DirectoryFileStore(dir) as FileStore }, imagesPath: '/media/' });
  });
  afterAll(async () => {
    await disk.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('stores the file unchanged at YYYY/MM/<name> and serves it under the configured path', async () => {
    const data = webp(3, 3);
    const res = await upload(disk, imageForm(data, 'on disk.webp', 'image/webp'));
    const { url } = (await body(res)).images[0];
    expect(url).toBe(`${BASE}/media/${folderNow()}/on-disk.webp`);
    expect(new Uint8Array(await readFile(join(dir, ...folderNow().split('/'), 'on-disk.webp')))).toEqual(data);
    const get = await disk.service.fetch(new Request(url));
    expect(get.headers.get('content-type')).toBe('image/webp');
    expect(new Uint8Array(await get.arrayBuffer())).toEqual(data);
    expect((await disk.service.fetch(new Request(url, { headers: { range: 'bytes=0-3' } }))).status).toBe(206);
  });
});
