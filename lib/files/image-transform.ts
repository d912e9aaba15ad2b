// Node only (sharp is a native module): the core loads this file lazily through loadImageTransform in
// variants.ts, and serves originals when it cannot be loaded. sharp itself is imported on first use, so
// that bundles which inline this file (the CLI) still start where it cannot load.
import type { Sharp, SharpOptions } from 'sharp';

export type OutputFormat = 'jpeg' | 'png' | 'gif' | 'webp' | 'avif';

export interface TransformRequest {
  /** The largest width wanted; an image narrower than this keeps its width (never upscaled). */
  width: number;
  format: OutputFormat;
  /** Inputs with more pixels (width × height of one frame) are refused before they are decoded. */
  maxInputPixels: number;
}

export class ImageTooLargeError extends Error {
  constructor(pixels: number, limit: number) {
    super(`The image has ${pixels} pixels, more than the ${limit} a variant is made from.`);
    this.name = 'ImageTooLargeError';
  }
}

type SharpFactory = (input: Uint8Array, options?: SharpOptions) => Sharp;
let loading: Promise<SharpFactory> | undefined;

function loadSharp(): Promise<SharpFactory> {
  loading ??= import('sharp').then(({ default: sharp }) => {
    // libvips' own cache keeps decoded images across calls: each variant is made once, so it only costs memory
    sharp.cache(false);
    return sharp;
  });
  // a failed load is tried again next time, not remembered
  loading.catch(() => (loading = undefined));
  return loading;
}

/** Whether sharp loads here. */
export async function sharpAvailable(): Promise<boolean> {
  return loadSharp().then(
    () => true,
    () => false,
  );
}

const ANIMATED: ReadonlySet<OutputFormat> = new Set(['gif', 'webp']);

/**
 * A resized copy: oriented by its EXIF tag (pixels turned, so every format shows it upright), EXIF,
 * XMP and IPTC left behind, the ICC profile kept, animation kept where the output format has it.
 */
export async function transformImage(input: Uint8Array, request: TransformRequest): Promise<Uint8Array> {
  const sharp = await loadSharp();
  // the header alone says how large the pixels would be: checked before anything is decoded
  const header = await sharp(input, { limitInputPixels: false }).metadata();
  const pixels = (header.width ?? 0) * (header.pageHeight ?? header.height ?? 0);
  if (pixels > request.maxInputPixels) throw new ImageTooLargeError(pixels, request.maxInputPixels);
  const pages = header.pages ?? 1;
  const animated = ANIMATED.has(request.format) && pages > 1;
  // every frame of an animation is decoded: the limit is on all of them together
  if (animated && pixels * pages > request.maxInputPixels) throw new ImageTooLargeError(pixels * pages, request.maxInputPixels);
  const image = sharp(input, { animated, limitInputPixels: request.maxInputPixels })
    .autoOrient()
    .resize({ width: request.width, withoutEnlargement: true })
    .keepIccProfile();
  const output = {
    jpeg: () => image.jpeg({ quality: 80 }),
    png: () => image.png({ compressionLevel: 6 }),
    gif: () => image.gif(),
    webp: () => image.webp({ quality: 80 }),
    avif: () => image.avif({ quality: 55, effort: 2 }),
  }[request.format]();
  return new Uint8Array(await output.toBuffer());
}

/** The reference's upload transform: at most `width` wide, turned upright, metadata stripped, same format. */
export async function normalizeUpload(input: Uint8Array, format: OutputFormat, width: number, maxInputPixels: number): Promise<Uint8Array> {
  return transformImage(input, { width, format, maxInputPixels });
}
