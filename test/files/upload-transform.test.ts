import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryFileStore } from '../../lib/files/memory';
import { body, createTestSite, type TestSite } from '../helpers/service';
import { imageForm, te, upload } from './fixtures';
import { animatedGif, hasGps, rotatedJpegWithGps, shapeOf } from './real-images';

let site: TestSite;

beforeAll(async () => {
  site = await createTestSite({ files: { images: new MemoryFileStore() }, images: { uploadTransform: true, sizes: [1000, 2500] } });
});
afterAll(() => site.close());

async function uploadedUrl(data: Uint8Array, name: string, type: string): Promise<string> {
  const res = await upload(site, imageForm(data, name, type));
  expect(res.status).toBe(201);
  return (await body(res)).images[0].url;
}

async function fetched(url: string): Promise<Uint8Array> {
  const res = await site.service.fetch(new Request(url));
  expect(res.status).toBe(200);
  return new Uint8Array(await res.arrayBuffer());
}

describe('images.uploadTransform', () => {
  it('stores the upload 2000 px wide, upright and stripped, and the file as sent as name_o.ext', async () => {
    // sensor 1500 × 3000, orientation 6: shown 3000 × 1500
    const sent = await rotatedJpegWithGps(1500, 3000);
    const url = await uploadedUrl(sent, 'wide view.jpg', 'image/jpeg');
    expect(url).toMatch(/\/wide-view\.jpg$/);
    const stored = await fetched(url);
    expect(await shapeOf(stored)).toMatchObject({ format: 'jpeg', width: 2000, height: 1000, hasExif: false });
    expect(await hasGps(stored)).toBe(false);
    expect(await fetched(url.replace(/\.jpg$/, '_o.jpg'))).toEqual(sent);
  });

  it('makes variants from the untouched file: wider than 2000 px when it is', async () => {
    const url = await uploadedUrl(await rotatedJpegWithGps(1500, 3000), 'panorama.jpg', 'image/jpeg');
    const variant = await fetched(url.replace('/content/images/', '/content/images/size/w2500/format/webp/'));
    expect(await shapeOf(variant)).toMatchObject({ format: 'webp', width: 2500, height: 1250, hasExif: false });
  });

  it('keeps animation, and leaves SVG as sent', async () => {
    const gif = await uploadedUrl(await animatedGif(120, 60), 'loop.gif', 'image/gif');
    expect(await shapeOf(await fetched(gif))).toMatchObject({ format: 'gif', width: 120, height: 60, pages: 3 });
    const svg = await uploadedUrl(te('<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"/>'), 'dot.svg', 'image/svg+xml');
    expect((await site.service.fetch(new Request(svg.replace(/\.svg$/, '_o.svg')))).status).toBe(404);
  });
});
