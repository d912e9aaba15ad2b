// Real photographs' shapes, made by sharp (libvips) in the tests: what a phone or an editor would upload.
import { crc32, createDeflate } from 'node:zlib';
import sharp from 'sharp';

/** EXIF orientation 6: the sensor's pixels are `width` × `height`, the picture is shown turned 90° clockwise. */
export async function rotatedJpegWithGps(width: number, height: number): Promise<Uint8Array> {
  const left = await sharp({ create: { width: Math.floor(width / 2), height, channels: 3, background: '#d02020' } })
    .png()
    .toBuffer();
  const buffer = await sharp({ create: { width, height, channels: 3, background: '#2040d0' } })
    .composite([{ input: left, left: 0, top: 0 }])
    .withExif({
      IFD0: { Copyright: 'A photographer', Make: 'PhoneCo' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' },
    })
    .withMetadata({ orientation: 6 })
    .jpeg({ quality: 90 })
    .toBuffer();
  return new Uint8Array(buffer);
}

/** A JPEG of noise, which compresses like a photograph does (a flat colour would not). */
export async function photoJpeg(width: number, height: number): Promise<Uint8Array> {
  const buffer = await sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
    .jpeg({ quality: 85 })
    .toBuffer();
  return new Uint8Array(buffer);
}

/** A JPEG in the Display P3 colour space (its ICC profile embedded) with an EXIF block. */
export async function p3Jpeg(width: number, height: number): Promise<Uint8Array> {
  const buffer = await sharp({ create: { width, height, channels: 3, background: '#c04020' } })
    .withIccProfile('p3')
    .withExif({ IFD0: { Copyright: 'A photographer' } })
    .jpeg()
    .toBuffer();
  return new Uint8Array(buffer);
}

export async function pngWithAlpha(width: number, height: number): Promise<Uint8Array> {
  return new Uint8Array(
    await sharp({ create: { width, height, channels: 4, background: { r: 0, g: 160, b: 0, alpha: 0.5 } } })
      .png()
      .toBuffer(),
  );
}

/** Three frames of `width` × `height`, looping. */
export async function animatedGif(width: number, height: number): Promise<Uint8Array> {
  const frames = await Promise.all(
    ['#ff0000', '#00ff00', '#0000ff'].map((background) =>
      sharp({ create: { width, height, channels: 4, background } })
        .raw()
        .toBuffer(),
    ),
  );
  const buffer = await sharp(Buffer.concat(frames), { raw: { width, height: height * 3, channels: 4, pageHeight: height } })
    .gif({ loop: 0, delay: [100, 100, 100] })
    .toBuffer();
  return new Uint8Array(buffer);
}

function chunk(type: string, data: Uint8Array): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid greyscale PNG of `side` × `side` black pixels: a few hundred kilobytes that decode to side² bytes. */
export async function pngBomb(side: number): Promise<Uint8Array> {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 8; // bit depth; colour type 0 (grey), deflate, filter 0, no interlace follow as zeros
  const deflate = createDeflate({ level: 9 });
  const parts: Buffer[] = [];
  deflate.on('data', (part: Buffer) => parts.push(part));
  const done = new Promise<void>((resolve, reject) => {
    deflate.on('end', resolve);
    deflate.on('error', reject);
  });
  const row = Buffer.alloc(side + 1); // filter byte 0, then black pixels
  for (let y = 0; y < side; y++) {
    if (!deflate.write(row)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await done;
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return new Uint8Array(Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', Buffer.concat(parts)), chunk('IEND', new Uint8Array())]));
}

export interface Shape {
  format: string | undefined;
  width: number | undefined;
  height: number | undefined;
  pages: number;
  orientation: number | undefined;
  hasExif: boolean;
  hasXmp: boolean;
  hasIptc: boolean;
  hasIcc: boolean;
  hasAlpha: boolean;
}

/** What the bytes themselves say: format, size of one frame, frames, metadata blocks. */
export async function shapeOf(bytes: Uint8Array): Promise<Shape> {
  const m = await sharp(bytes).metadata();
  return {
    format: m.format,
    width: m.width,
    height: m.pageHeight ?? m.height,
    pages: m.pages ?? 1,
    orientation: m.orientation,
    hasExif: m.exif !== undefined,
    hasXmp: m.xmp !== undefined,
    hasIptc: m.iptc !== undefined,
    hasIcc: m.icc !== undefined,
    hasAlpha: m.hasAlpha,
  };
}

/** The colour of one pixel, to tell which way up an image is. */
export async function pixel(bytes: Uint8Array, x: number, y: number): Promise<[number, number, number]> {
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [data[at], data[at + 1], data[at + 2]];
}

/** Whether EXIF bytes hold a GPS block (its pointer tag 0x8825, in either byte order). */
export async function hasGps(bytes: Uint8Array): Promise<boolean> {
  const exif = (await sharp(bytes).metadata()).exif;
  if (!exif) return false;
  for (let i = 0; i + 1 < exif.length; i++) {
    if ((exif[i] === 0x25 && exif[i + 1] === 0x88) || (exif[i] === 0x88 && exif[i + 1] === 0x25)) return true;
  }
  return false;
}
