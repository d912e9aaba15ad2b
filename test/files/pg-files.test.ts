// Two services on one PostgreSQL database share their uploads, and the variants one of them made.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createService, type Service } from '../../lib';
import { createPgStorage } from '../../lib/storage/pg';
import { dropSchema, POSTGRES_URL, postgresAvailable, uniqueSchema } from '../helpers/postgres';
import { adminToken, BASE } from '../helpers/service';
import { imageForm, themeZip, VALID_THEME } from './fixtures';
import { rotatedJpegWithGps, shapeOf } from './real-images';

const available = await postgresAvailable();
const schema = uniqueSchema();
let one: Service;
let two: Service;
let adminKey: string;

async function open(): Promise<Service> {
  return createService({ url: BASE, storage: await createPgStorage({ connectionString: POSTGRES_URL, schema }), auth: { passwordIterations: 1000 } });
}

async function post(service: Service, path: string, body: FormData): Promise<Response> {
  const token = await adminToken(adminKey);
  return service.fetch(new Request(`${BASE}/svc/api/v3/admin/${path}`, { method: 'POST', headers: { authorization: `Svc ${token}` }, body }));
}

describe.skipIf(!available.ok)('files in PostgreSQL, shared by every instance', () => {
  beforeAll(async () => {
    one = await open();
    two = await open();
    await one.setup({ name: 'Owner', email: 'owner@example.com', password: 'a-long-password-1' });
    adminKey = (await one.createIntegration({ name: 'files' })).adminKey;
  }, 60_000);

  afterAll(async () => {
    await one?.close();
    await two?.close();
    if (available.ok) await dropSchema(schema);
  });

  it('an image uploaded through one service is served by the other, as are its variants', async () => {
    const photo = await rotatedJpegWithGps(1200, 800);
    const res = await post(one, 'images/upload/', imageForm(photo, 'shared.jpg', 'image/jpeg'));
    expect(res.status).toBe(201);
    const url: string = (await res.json()).images[0].url;

    const original = await two.fetch(new Request(url));
    expect(original.status).toBe(200);
    expect(new Uint8Array(await original.arrayBuffer())).toEqual(photo);
    const range = await two.fetch(new Request(url, { headers: { range: 'bytes=2-5' } }));
    expect(range.status).toBe(206);
    expect(new Uint8Array(await range.arrayBuffer())).toEqual(photo.slice(2, 6));

    // made by the first, kept in the database, served by the second with the same validator
    const variantUrl = url.replace('/content/images/', '/content/images/size/w600/format/webp/');
    const made = await one.fetch(new Request(variantUrl));
    expect(made.status).toBe(200);
    const madeBytes = new Uint8Array(await made.arrayBuffer());
    expect(await shapeOf(madeBytes)).toMatchObject({ format: 'webp', width: 600, height: 900 });
    const served = await two.fetch(new Request(variantUrl));
    expect(served.headers.get('etag')).toBe(made.headers.get('etag'));
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(madeBytes);
  });

  it("a theme's files uploaded through one service are in the database for every other", async () => {
    const form = new FormData();
    form.append('file', new Blob([themeZip(VALID_THEME) as BlobPart], { type: 'application/zip' }), 'journal.zip');
    expect((await post(one, 'themes/upload/', form)).status).toBe(200);
    const elsewhere = await createPgStorage({ connectionString: POSTGRES_URL, schema });
    try {
      const file = await elsewhere.files!.themes.read('journal/index.hbs');
      expect(await new Response(file!.stream()).text()).toBe(VALID_THEME['index.hbs']);
    } finally {
      await elsewhere.close();
    }
  });
});
