/** The `images` service option: which widths may be made on request, and whether uploads are transformed. */
export interface ImageOptions {
  /** Widths `{imagesPath}/size/w{N}/…` answers with a resized image; any other width redirects to the original. Default 300, 600, 1000, 1600, 2000. */
  sizes?: number[];
  /** Resize uploads to 2000 px wide, rotate and strip them as the reference does, keeping the untouched file as `name_o.ext`; default false. */
  uploadTransform?: boolean;
  /** Largest input (width × height) a variant is made from; larger files are answered with the original. Default 100 megapixels. */
  maxInputPixels?: number;
}

export interface ResolvedImageOptions {
  sizes: readonly number[];
  uploadTransform: boolean;
  maxInputPixels: number;
}

export const DEFAULT_SIZES = [300, 600, 1000, 1600, 2000];
export const DEFAULT_MAX_INPUT_PIXELS = 100_000_000;
/** The width the reference resizes uploads to. */
export const UPLOAD_MAX_WIDTH = 2000;
const MAX_WIDTH = 10_000;

export function resolveImageOptions(options: ImageOptions | undefined): ResolvedImageOptions {
  const sizes = options?.sizes ?? DEFAULT_SIZES;
  if (!Array.isArray(sizes) || !sizes.every((w) => Number.isInteger(w) && w > 0 && w <= MAX_WIDTH)) {
    throw new TypeError(`pressroom: option images.sizes must be a list of whole widths between 1 and ${MAX_WIDTH}`);
  }
  const maxInputPixels = options?.maxInputPixels ?? DEFAULT_MAX_INPUT_PIXELS;
  if (!Number.isInteger(maxInputPixels) || maxInputPixels <= 0) throw new TypeError('pressroom: option images.maxInputPixels must be a positive whole number');
  return { sizes: [...new Set(sizes)].sort((a, b) => a - b), uploadTransform: options?.uploadTransform === true, maxInputPixels };
}
