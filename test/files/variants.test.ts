import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SaveOptions } from '../../lib/files/file-store';
import { MemoryFileStore } from '../../lib/files/memory';
import { deleteImage } from '../../lib';
import { BASE, body, createTestSite, type TestSite } from '../helpers/service';
import { ico, imageForm, te, upload } from './fixtures';
import { animatedGif, hasGps, p3Jpeg, pixel, pngBomb, pngWithAlpha, rotatedJpegWithGps, shapeOf } from './real-images';

class CountingStore extends MemoryFileStore {
  saves: string[] = [];
  override save(path: string, data: Uint8Array, options: SaveOptions): Promise<void> {
    this.saves.push(path);
    return super.save(path, data, options);
  }
}

let site: TestSite;
const images = new CountingStore();

beforeAll(async () => {
  site = await createTestSite({ files: { images }, images: { sizes: [50, 300, 600, 1000] } });
});
afterAll(() => site.close());

async function uploadedUrl(data: Uint8Array, name: string, type: string, purpose = 'image'): Promise<string> {
  const res = await upload(site, imageForm(data, name, type, { purpose }));
  expect(res.status).toBe(201);
  return (await body(res)).images[0].url;
}

/** `http://…/content/images/2024/05/a.jpg` → `http://…/content/images/size/w600[/format/webp]/2024/05/a.jpg` */
function sized(url: string, width: number, format?: string): string {
  return url.replace('/content/images/', `/content/images/size/w${width}/${format ? `format/${format}/` : ''}`);
}

async function get(url: string, headers: Record<string, string> = {}): Promise<Response> {
  return site.service.fetch(new Request(url, { headers }));
}

async function bytes(res: Response): Promise<Uint8Array> {
  return new Uint8Array(await res.arrayBuffer());
}

describe('sizes and formats on request', () => {
  let photo: string;
  let original: Uint8Array;

  beforeAll(async () => {
    // the sensor's 1200 × 800 pixels, shown upright as 800 × 1200 with its red half on top
    original = await rotatedJpegWithGps(1200, 800);
    photo = await uploadedUrl(original, 'phone photo.jpg', 'image/jpeg');
  });

  it('the uploaded photo is kept as sent, GPS and all', async () => {
    const res = await get(photo);
    expect(res.status).toBe(200);
    const kept = await bytes(res);
    expect(kept).toEqual(original);
    expect(await hasGps(kept)).toBe(true);
    expect((await shapeOf(kept)).orientation).toBe(6);
  });

  it.each([
    [undefined, 'image/jpeg', 'jpeg'],
    ['webp', 'image/webp', 'webp'],
    ['avif', 'image/avif', 'heif'],
    ['png', 'image/png', 'png'],
    ['jpeg', 'image/jpeg', 'jpeg'],
  ])('w600 as %s: upright 600 × 900, metadata gone', async (format, contentType, decoded) => {
    const res = await get(sized(photo, 600, format));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(contentType);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const variant = await bytes(res);
    const shape = await shapeOf(variant);
    expect(shape).toMatchObject({ format: decoded, width: 600, height: 900, hasExif: false, hasXmp: false, hasIptc: false });
    expect(shape.orientation ?? 1).toBe(1);
    expect(await hasGps(variant)).toBe(false);
    // turned, not just tagged: the sensor's red left half is now the top
    const [r, , b] = await pixel(variant, 300, 100);
    expect(r).toBeGreaterThan(150);
    expect(b).toBeLessThan(100);
    const [r2, , b2] = await pixel(variant, 300, 800);
    expect(b2).toBeGreaterThan(150);
    expect(r2).toBeLessThan(100);
  });

  it('never upscales: w1000 of an 800-wide picture is 800 wide', async () => {
    const shape = await shapeOf(await bytes(await get(sized(photo, 1000))));
    expect(shape).toMatchObject({ width: 800, height: 1200 });
  });

  it('keeps the variant in the store beside the original and serves it with validators and ranges', async () => {
    const url = sized(photo, 300, 'webp');
    const first = await get(url);
    const made = await bytes(first);
    const stored = url.slice(`${BASE}/content/images/`.length);
    expect(await images.exists(decodeURIComponent(stored))).toBe(true);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"/);
    expect((await get(url, { 'if-none-match': etag })).status).toBe(304);
    const part = await get(url, { range: 'bytes=0-9' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 0-9/${made.length}`);
    expect(await bytes(part)).toEqual(made.slice(0, 10));
    const head = await site.service.fetch(new Request(url, { method: 'HEAD' }));
    expect(head.headers.get('content-length')).toBe(String(made.length));
  });

  it('makes a variant once for many concurrent requests; none gets an empty body', async () => {
    const url = sized(photo, 50, 'avif');
    const path = decodeURIComponent(url.slice(`${BASE}/content/images/`.length));
    const answers = await Promise.all(Array.from({ length: 12 }, () => get(url)));
    const bodies = await Promise.all(answers.map(bytes));
    expect(answers.map((r) => r.status)).toEqual(Array(12).fill(200));
    for (const b of bodies) expect(b).toEqual(bodies[0]);
    expect(bodies[0].length).toBeGreaterThan(0);
    expect(images.saves.filter((p) => p === path)).toHaveLength(1);
  });

  it.each(['w601', 'w0', 'w2000', 'w99999'])('redirects an unlisted width (%s) to the original', async (width) => {
    const res = await get(photo.replace('/content/images/', `/content/images/size/${width}/`));
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(new URL(photo).pathname);
  });

  it('an unknown format or a missing original is not found', async () => {
    expect((await get(sized(photo, 600, 'tiff'))).status).toBe(404);
    expect((await get(sized(`${BASE}/content/images/2001/01/none.jpg`, 600))).status).toBe(404);
  });
});

describe('deleting an original', () => {
  it('deleteImage takes every variant made of it along', async () => {
    const url = await uploadedUrl(await pngWithAlpha(700, 350), 'gone.png', 'image/png');
    const variants = [sized(url, 300), sized(url, 600, 'webp'), sized(url, 50, 'avif')];
    for (const v of variants) expect((await get(v)).status).toBe(200);
    const path = decodeURIComponent(url.slice(`${BASE}/content/images/`.length));
    expect(await deleteImage(images, path, [50, 300, 600, 1000])).toBe(true);
    for (const v of [url, ...variants]) expect(await images.exists(decodeURIComponent(v.slice(`${BASE}/content/images/`.length)))).toBe(false);
    expect((await get(url)).status).toBe(404);
    expect(await deleteImage(images, path, [50, 300, 600, 1000])).toBe(false);
  });
});

describe('other kinds of image', () => {
  it('a colour profile is kept in every format while EXIF goes', async () => {
    const url = await uploadedUrl(await p3Jpeg(640, 320), 'p3.jpg', 'image/jpeg');
    for (const format of [undefined, 'webp', 'avif', 'png']) {
      const shape = await shapeOf(await bytes(await get(sized(url, 300, format))));
      expect(shape, String(format)).toMatchObject({ width: 300, hasIcc: true, hasExif: false });
    }
  });

  it('PNG with alpha keeps its transparency, also as WebP', async () => {
    const url = await uploadedUrl(await pngWithAlpha(800, 400), 'logo.png', 'image/png');
    expect(await shapeOf(await bytes(await get(sized(url, 300))))).toMatchObject({ format: 'png', width: 300, height: 150, hasAlpha: true });
    expect(await shapeOf(await bytes(await get(sized(url, 300, 'webp'))))).toMatchObject({ format: 'webp', width: 300, height: 150, hasAlpha: true });
  });

  it('an animated GIF stays animated, as GIF and as WebP', async () => {
    const url = await uploadedUrl(await animatedGif(120, 60), 'wave.gif', 'image/gif');
    expect(await shapeOf(await bytes(await get(sized(url, 50))))).toMatchObject({ format: 'gif', width: 50, height: 25, pages: 3 });
    expect(await shapeOf(await bytes(await get(sized(url, 50, 'webp'))))).toMatchObject({ format: 'webp', width: 50, height: 25, pages: 3 });
    // a format without animation gets the first frame, not a strip of all three
    expect(await shapeOf(await bytes(await get(sized(url, 50, 'jpeg'))))).toMatchObject({ format: 'jpeg', width: 50, height: 25, pages: 1 });
  });

  it('SVG and ICO are never resized: any size redirects to the original', async () => {
    const svg = await uploadedUrl(
      te('<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8"/></svg>'),
      'a.svg',
      'image/svg+xml',
    );
    const icon = await uploadedUrl(ico(64), 'favicon.ico', 'image/x-icon', 'icon');
    for (const url of [sized(svg, 300), sized(svg, 300, 'png'), sized(icon, 50)]) {
      const res = await get(url);
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe(new URL(url.replace(/size\/w\d+\/(format\/\w+\/)?/, '')).pathname);
    }
  });

  it('a decompression bomb (20,000 × 20,000 PNG) is answered with a redirect to the original, and the service carries on', async () => {
    const bomb = await pngBomb(20_000);
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    const url = await uploadedUrl(bomb, 'bomb.png', 'image/png');
    const before = process.memoryUsage().rss;
    const res = await get(sized(url, 600));
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(new URL(url).pathname);
    // 400 MB of pixels were never decoded
    expect(process.memoryUsage().rss - before).toBeLessThan(200 * 1024 * 1024);
    const fine = await uploadedUrl(await pngWithAlpha(100, 100), 'after.png', 'image/png');
    expect((await get(sized(fine, 50))).status).toBe(200);
  }, 30_000);
});

describe('through the Node adapter', () => {
  it('a file served once is answered again the same way, with 304 and ranges still right', async () => {
    const { createServer } = await import('node:http');
    const { toNodeHandler } = await import('../../lib/adapters/node');
    const server = createServer(toNodeHandler(site.service));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    try {
      const url = await uploadedUrl(await pngWithAlpha(640, 320), 'hot.png', 'image/png');
      const path = new URL(sized(url, 300, 'webp')).pathname;
      const first = await fetch(`${origin}${path}`);
      const firstBytes = await bytes(first);
      const second = await fetch(`${origin}${path}`);
      expect(second.status).toBe(200);
      expect(await bytes(second)).toEqual(firstBytes);
      for (const name of ['content-type', 'etag', 'cache-control', 'content-length', 'last-modified', 'accept-ranges', 'x-content-type-options']) {
        expect(second.headers.get(name), name).toBe(first.headers.get(name));
      }
      const etag = first.headers.get('etag')!;
      expect((await fetch(`${origin}${path}`, { headers: { 'if-none-match': etag } })).status).toBe(304);
      const other = await fetch(`${origin}${path}`, { headers: { 'if-none-match': '"other"' } });
      expect(other.status).toBe(200);
      const part = await fetch(`${origin}${path}`, { headers: { range: 'bytes=0-3' } });
      expect(part.status).toBe(206);
      expect(await bytes(part)).toEqual(firstBytes.slice(0, 4));
      const head = await fetch(`${origin}${path}`, { method: 'HEAD' });
      expect(head.headers.get('content-length')).toBe(String(firstBytes.length));
      // kept: the pipeline's first step answers it at once, with the bytes the full way served
      const kept = site.service.answer({ method: 'GET', target: path, origin, headers: new Headers(), body: () => null });
      expect(kept).not.toBeInstanceOf(Promise);
      expect(Buffer.from((kept as { body: Uint8Array }).body)).toEqual(Buffer.from(firstBytes));
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

describe('limits', () => {
  it('an animation is limited by the pixels of all its frames; other methods make nothing', async () => {
    const small = await createTestSite({ files: { images: new MemoryFileStore() }, images: { sizes: [50], maxInputPixels: 10_000 } });
    try {
      const res = await upload(small, imageForm(await animatedGif(120, 60), 'long.gif', 'image/gif'));
      const url: string = (await body(res)).images[0].url;
      // 3 frames of 7,200 pixels: too many to animate, one is fine for a still image
      const animated = await small.service.fetch(new Request(sized(url, 50, 'webp')));
      expect(animated.status).toBe(302);
      const still = await small.service.fetch(new Request(sized(url, 50, 'png')));
      expect(still.status).toBe(200);
      expect(await shapeOf(await bytes(still))).toMatchObject({ format: 'png', width: 50, pages: 1 });
      const posted = await small.service.fetch(new Request(sized(url, 50, 'jpeg'), { method: 'POST' }));
      expect(posted.status).toBe(405);
      expect((await small.service.fetch(new Request(sized(url, 50, 'jpeg'), { method: 'HEAD' }))).status).toBe(200);
    } finally {
      await small.close();
    }
  });
});
