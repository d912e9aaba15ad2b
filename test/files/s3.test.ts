// A site whose images live in an S3-compatible bucket (a real server, s3rver, started here).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3FileStore } from '../../lib/files/s3';
import { type RunningS3, startS3 } from '../helpers/s3rver';
import { body, createTestSite, type TestSite } from '../helpers/service';
import { imageForm, upload } from './fixtures';
import { pngWithAlpha, shapeOf } from './real-images';

let s3: RunningS3;
let site: TestSite;
let store: S3FileStore;

beforeAll(async () => {
  s3 = await startS3('site-images');
  store = new S3FileStore({ ...s3, prefix: 'images/' });
  site = await createTestSite({ files: { images: store } });
});
afterAll(async () => {
  await site?.close();
  await s3?.close();
});

describe('S3FileStore behind a service', () => {
  it('serves an upload and its variants from the bucket, with validators and ranges', async () => {
    const png = await pngWithAlpha(900, 450);
    const res = await upload(site, imageForm(png, 'in bucket.png', 'image/png'));
    expect(res.status).toBe(201);
    const url: string = (await body(res)).images[0].url;
    const path = decodeURIComponent(url.split('/content/images/')[1]);
    expect(await store.exists(path)).toBe(true);

    const original = await site.service.fetch(new Request(url));
    expect(original.status).toBe(200);
    expect(new Uint8Array(await original.arrayBuffer())).toEqual(png);
    const etag = original.headers.get('etag')!;
    expect((await site.service.fetch(new Request(url, { headers: { 'if-none-match': etag } }))).status).toBe(304);
    const part = await site.service.fetch(new Request(url, { headers: { range: 'bytes=1-3' } }));
    expect(part.status).toBe(206);
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(png.slice(1, 4));

    const variant = await site.service.fetch(new Request(url.replace('/content/images/', '/content/images/size/w600/format/avif/')));
    expect(variant.status).toBe(200);
    expect(await shapeOf(new Uint8Array(await variant.arrayBuffer()))).toMatchObject({ format: 'heif', width: 600, height: 300 });
    expect(await store.exists(`size/w600/format/avif/${path}`)).toBe(true);
  });
});
