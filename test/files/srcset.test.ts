import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryFileStore } from '../../lib/files/memory';
import { BASE, body, createTestSite, type TestSite } from '../helpers/service';
import { imageForm, upload } from './fixtures';
import { pngWithAlpha, rotatedJpegWithGps, shapeOf } from './real-images';

let site: TestSite;
const images = new MemoryFileStore();

beforeAll(async () => {
  site = await createTestSite({ files: { images } });
});
afterAll(() => site.close());

async function uploadedUrl(data: Uint8Array, name: string, type: string): Promise<string> {
  const res = await upload(site, imageForm(data, name, type));
  expect(res.status).toBe(201);
  return (await body(res)).images[0].url;
}

function mobiledoc(cards: [string, Record<string, unknown>][]): string {
  return JSON.stringify({ version: '0.3.1', atoms: [], markups: [], cards, sections: cards.map((_, i) => [10, i]) });
}

async function createPost(doc: string): Promise<{ id: string; html: string; updated_at: string }> {
  const res = await site.admin.post('posts/?formats=html', { posts: [{ title: 'Pictures', mobiledoc: doc }] });
  expect(res.status).toBe(201);
  return (await body(res)).posts[0];
}

/** The attributes of each `<img>` in `html`, in order. */
function imgs(html: string): Record<string, string>[] {
  return [...html.matchAll(/<img([^>]*)>/g)].map((m) =>
    Object.fromEntries([...m[1].matchAll(/([a-z-]+)="([^"]*)"/g)].map((a) => [a[1], a[2].replace(/&amp;/g, '&')])),
  );
}

describe('responsive image cards', () => {
  let photo: string;

  beforeAll(async () => {
    // stored 1200 × 800 with EXIF orientation 6: shown 800 × 1200
    photo = await uploadedUrl(await rotatedJpegWithGps(1200, 800), 'portrait.jpg', 'image/jpeg');
  });

  it('an image card without dimensions gets them from the file (as shown), a srcset and sizes', async () => {
    const post = await createPost(mobiledoc([['image', { src: photo, alt: 'A portrait' }]]));
    const [img] = imgs(post.html);
    expect(img).toMatchObject({ src: photo, width: '800', height: '1200', sizes: '(min-width: 720px) 720px' });
    const variant = (w: number) => photo.replace('/content/images/', `/content/images/size/w${w}/`);
    expect(img.srcset).toBe(`${variant(300)} 300w, ${variant(600)} 600w, ${photo} 800w`);
  });

  it('every srcset candidate is exactly as wide as its descriptor says', async () => {
    const post = await createPost(mobiledoc([['image', { src: photo, cardWidth: 'wide' }]]));
    const [img] = imgs(post.html);
    expect(img.sizes).toBeUndefined(); // wide, but narrower than 1200 px
    for (const candidate of img.srcset.split(', ')) {
      const [url, descriptor] = candidate.split(' ');
      const res = await site.service.fetch(new Request(url));
      expect(res.status).toBe(200);
      const shape = await shapeOf(new Uint8Array(await res.arrayBuffer()));
      expect(`${shape.orientation && shape.orientation >= 5 ? shape.height : shape.width}w`).toBe(descriptor);
    }
  });

  it('a wide card of a large image gets the 1200 px hint; full width gets none', async () => {
    const big = await uploadedUrl(await pngWithAlpha(1700, 850), 'banner.png', 'image/png');
    const post = await createPost(
      mobiledoc([
        ['image', { src: big, cardWidth: 'wide' }],
        ['image', { src: big, cardWidth: 'full' }],
      ]),
    );
    const [wide, full] = imgs(post.html);
    expect(wide).toMatchObject({ width: '1700', height: '850', sizes: '(min-width: 1200px) 1200px' });
    expect(wide.srcset.split(', ').map((c) => c.split(' ')[1])).toEqual(['300w', '600w', '1000w', '1600w', '1700w']);
    expect(full.srcset).toBe(wide.srcset);
    expect(full.sizes).toBeUndefined();
  });

  it('gallery images of this site get srcset and sizes; others keep what the card says', async () => {
    const wide = await uploadedUrl(await pngWithAlpha(1000, 500), 'g1.png', 'image/png');
    const post = await createPost(
      mobiledoc([
        [
          'gallery',
          {
            images: [
              { src: wide, fileName: 'g1.png', row: 0 },
              { src: 'https://elsewhere.example/x.jpg', width: 640, height: 480, row: 0 },
            ],
          },
        ],
      ]),
    );
    const [local, remote] = imgs(post.html);
    expect(local).toMatchObject({ width: '1000', height: '500', sizes: '(min-width: 720px) 720px' });
    expect(local.srcset).toContain(`${wide.replace('/content/images/', '/content/images/size/w600/')} 600w`);
    expect(remote).toMatchObject({ src: 'https://elsewhere.example/x.jpg', width: '640', height: '480' });
    expect(remote.srcset).toBeUndefined();
  });

  it('SVG images and images smaller than every size get dimensions but no srcset', async () => {
    const small = await uploadedUrl(await pngWithAlpha(200, 100), 'small.png', 'image/png');
    const post = await createPost(mobiledoc([['image', { src: small }]]));
    const [img] = imgs(post.html);
    expect(img).toMatchObject({ width: '200', height: '100' });
    expect(img.srcset).toBeUndefined();
  });

  it('a post written before its image was there gets srcset when it is next saved', async () => {
    const path = '2019/04/later.png';
    const src = `${BASE}/content/images/${path}`;
    const doc = mobiledoc([['image', { src }]]);
    const post = await createPost(doc);
    expect(imgs(post.html)[0].srcset).toBeUndefined();
    await images.save(path, await pngWithAlpha(900, 300), { contentType: 'image/png' });
    // the same body again, as an editor's save sends it
    const res = await site.admin.put(`posts/${post.id}/?formats=html`, { posts: [{ mobiledoc: doc, updated_at: post.updated_at }] });
    expect(res.status).toBe(200);
    const [img] = imgs((await body(res)).posts[0].html);
    expect(img).toMatchObject({ width: '900', height: '300' });
    expect(img.srcset).toBe(`${BASE}/content/images/size/w300/${path} 300w, ${BASE}/content/images/size/w600/${path} 600w, ${src} 900w`);
  });
});
