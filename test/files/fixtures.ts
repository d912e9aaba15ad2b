// Real, tiny image files and theme zips, built byte by byte so each test says exactly what it sends.
import { crc32, deflateSync } from 'node:zlib';
import { zipSync, type Zippable } from 'fflate';
import { adminToken, BASE, type TestSite } from '../helpers/service';

const ascii = (text: string) => Array.from(text, (c) => c.charCodeAt(0));
const u32be = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
const u32le = (n: number) => [n & 255, (n >>> 8) & 255, (n >>> 16) & 255, (n >>> 24) & 255];
const u16le = (n: number) => [n & 255, (n >>> 8) & 255];

function pngChunk(type: string, data: number[] | Uint8Array): number[] {
  const body = [...ascii(type), ...data];
  return [...u32be(data.length), ...body, ...u32be(crc32(Uint8Array.from(body)))];
}

/** A grey 8-bit greyscale PNG of the given size. */
export function png(width = 1, height = 1): Uint8Array {
  const rows = new Uint8Array(height * (width + 1)); // filter byte 0, then grey pixels
  for (let y = 0; y < height; y++) rows.fill(0x80, y * (width + 1) + 1, (y + 1) * (width + 1));
  return Uint8Array.from([
    0x89,
    0x50,
    0x4e,
    0x47,
    0x0d,
    0x0a,
    0x1a,
    0x0a,
    ...pngChunk('IHDR', [...u32be(width), ...u32be(height), 8, 0, 0, 0, 0]),
    ...pngChunk('IDAT', deflateSync(rows)),
    ...pngChunk('IEND', []),
  ]);
}

/**
 * A baseline greyscale JPEG: one Huffman table per class holding a single one-bit code, so every
 * 8×8 block (DC difference 0, then end-of-block) is the two bits `00`: a flat grey image.
 */
export function jpeg(width = 1, height = 1): Uint8Array {
  const blocks = Math.ceil(width / 8) * Math.ceil(height / 8);
  const bits = blocks * 2;
  const scan = new Uint8Array(Math.ceil(bits / 8));
  if (bits % 8) scan[scan.length - 1] = (1 << (8 - (bits % 8))) - 1; // pad the last byte with 1-bits
  const segment = (marker: number, data: number[]) => [0xff, marker, ...u16be(data.length + 2), ...data];
  const huffman = (tableClass: number) => [(tableClass << 4) | 0, 1, ...new Array(15).fill(0), 0];
  return Uint8Array.from([
    0xff,
    0xd8,
    ...segment(0xe0, [...ascii('JFIF'), 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]),
    ...segment(0xdb, [0, ...new Array(64).fill(1)]),
    ...segment(0xc0, [8, ...u16be(height), ...u16be(width), 1, 1, 0x11, 0]),
    ...segment(0xc4, huffman(0)),
    ...segment(0xc4, huffman(1)),
    ...segment(0xda, [1, 1, 0x00, 0, 63, 0]),
    ...scan,
    0xff,
    0xd9,
  ]);
}

function u16be(n: number): number[] {
  return [(n >>> 8) & 255, n & 255];
}

/** A 1×1 GIF89a, one white pixel. */
export function gif(): Uint8Array {
  return Uint8Array.from([...ascii('GIF89a'), 1, 0, 1, 0, 0x80, 0, 0, 0xff, 0xff, 0xff, 0, 0, 0, 0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x44, 0x01, 0, 0x3b]);
}

/**
 * A lossless WebP (VP8L) of one colour: no transforms, and five prefix codes that each hold a single
 * symbol, so the pixels themselves take no bits at all.
 */
export function webp(width = 1, height = 1): Uint8Array {
  const bits: number[] = [];
  const put = (value: number, count: number) => {
    for (let i = 0; i < count; i++) bits.push((value >>> i) & 1);
  };
  put(width - 1, 14);
  put(height - 1, 14);
  put(0, 1); // no alpha
  put(0, 3); // version 0
  put(0, 1); // no transform
  put(0, 1); // no colour cache
  put(0, 1); // no meta prefix codes
  for (const symbol of [0x80, 0x40, 0x20, 0xff, 0]) {
    put(1, 1); // simple code
    put(0, 1); // one symbol
    put(1, 1); // eight bits wide
    put(symbol, 8);
  }
  const data = [0x2f];
  for (let i = 0; i < bits.length; i += 8) data.push(bits.slice(i, i + 8).reduce((byte, bit, k) => byte | (bit << k), 0));
  if (data.length % 2) data.push(0);
  const chunk = [...ascii('VP8L'), ...u32le(data.length), ...data];
  return Uint8Array.from([...ascii('RIFF'), ...u32le(4 + chunk.length), ...ascii('WEBP'), ...chunk]);
}

/** An ICO holding one PNG image of `size` × `size` (256 is written as 0, as the format wants). */
export function ico(size: number): Uint8Array {
  const image = png(size, size);
  const dimension = size >= 256 ? 0 : size;
  return Uint8Array.from([
    ...u16le(0),
    ...u16le(1),
    ...u16le(1),
    dimension,
    dimension,
    0,
    0,
    ...u16le(1),
    ...u16le(32),
    ...u32le(image.length),
    ...u32le(22),
    ...image,
  ]);
}

export const SVG_WITH_SCRIPT = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE svg [<!ENTITY boom "boom">]>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="40" height="40" viewBox="0 0 40 40" onload="alert(1)">
  <script>alert('svg')</script>
  <style>@import url(https://evil.example/x.css); rect { fill: red }</style>
  <style><![CDATA[ circle { fill: url(#grad) } ]]></style>
  <defs><linearGradient id="grad"><stop offset="0" stop-color="#fff"/></linearGradient></defs>
  <a href="javascript:alert(2)"><rect width="10" height="10" onclick="alert(3)"/></a>
  <a xlink:href="#grad"><circle cx="20" cy="20" r="5" fill="url(#grad)"/></a>
  <image href="https://evil.example/track.png" width="1" height="1"/>
  <image href="data:image/png;base64,iVBORw0KGgo=" width="1" height="1"/>
  <use xlink:href="https://evil.example/sprite.svg#icon"/>
  <rect style="fill: url(https://evil.example/bg.png)" width="1" height="1"/>
  <foreignObject width="10" height="10"><iframe xmlns="http://www.w3.org/1999/xhtml" src="https://evil.example"/></foreignObject>
  <animate attributeName="href" to="javascript:alert(4)"/>
  <g fill="#123456" transform="translate(1 2)"><path d="M0 0L10 10" stroke="black"/></g>
  <text x="1" y="30">Tom &amp; Jerry &lt;3</text>
</svg>
`;

export const te = (text: string) => new TextEncoder().encode(text);
export const td = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

export interface Part {
  name: string;
  value: string | Uint8Array;
  filename?: string;
  type?: string;
}

/** A multipart body as a browser's FormData makes it. */
export function form(parts: Part[]): FormData {
  const data = new FormData();
  for (const part of parts) {
    if (typeof part.value === 'string' && part.filename === undefined) data.append(part.name, part.value);
    else data.append(part.name, new Blob([part.value as BlobPart], { type: part.type ?? '' }), part.filename ?? 'file');
  }
  return data;
}

/** The file part and optional fields of an image upload. */
export function imageForm(file: Uint8Array, filename: string, type: string, fields: Record<string, string> = {}): FormData {
  return form([{ name: 'file', value: file, filename, type }, ...Object.entries(fields).map(([name, value]) => ({ name, value }))]);
}

export async function adminFetch(
  site: TestSite,
  method: string,
  path: string,
  body?: BodyInit,
  headers: Record<string, string> = {},
  version = 'v3',
): Promise<Response> {
  const token = await adminToken(site.adminKey, { version });
  return site.service.fetch(
    new Request(`${BASE}/svc/api/${version}/admin/${path}`, {
      method,
      headers: { authorization: `Svc ${token}`, ...headers },
      body,
      ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
    } as RequestInit),
  );
}

export function upload(site: TestSite, body: FormData, version = 'v3'): Promise<Response> {
  return adminFetch(site, 'POST', 'images/upload/', body, {}, version);
}

/** A theme zip; `files` maps entry names to text or bytes. */
export function themeZip(files: Zippable | Record<string, string | Uint8Array>): Uint8Array {
  const entries: Zippable = {};
  for (const [name, value] of Object.entries(files)) entries[name] = typeof value === 'string' ? te(value) : (value as Zippable[string]);
  return zipSync(entries);
}

export const VALID_THEME = {
  'package.json': JSON.stringify({ name: 'journal', version: '2.1.0', description: 'A test theme' }),
  'index.hbs': '{{#foreach posts}}{{title}}{{/foreach}}',
  'post.hbs': '{{#post}}{{content}}{{/post}}',
  'default.hbs': '<html>{{{body}}}</html>',
  'custom-full-width.hbs': '{{!< default}}',
  'post-welcome.hbs': '{{!< default}}',
  'page-about-us.hbs': '{{!< default}}',
  'partials/card.hbs': '<article>{{title}}</article>',
  'assets/css/screen.css': 'body { margin: 0 }',
};

export function uploadTheme(site: TestSite, zip: Uint8Array, filename: string, type = 'application/zip'): Promise<Response> {
  return adminFetch(site, 'POST', 'themes/upload/', form([{ name: 'file', value: zip, filename, type }]));
}
