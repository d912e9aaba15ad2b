import { bodiless, type Answer } from '../core/answer';
import { notFound } from '../core/errors';
import type { RequestHead } from '../core/head';
import { FileExistsError, type FileStore, isStorePath } from './file-store';
import type { ResolvedImageOptions } from './image-options';
import type { OutputFormat, TransformRequest } from './image-transform';
import { extensionOf } from './media-types';
import { serveFile } from './serve';

/** Resized copies live under this folder of the images store, beside the originals. */
export const VARIANT_ROOT = 'size';
export const VARIANT_FORMATS = ['webp', 'avif', 'jpeg', 'png'] as const;
export type VariantFormat = (typeof VARIANT_FORMATS)[number];

const FORMAT_OF_EXTENSION: Record<string, OutputFormat> = { jpg: 'jpeg', jpeg: 'jpeg', png: 'png', gif: 'gif', webp: 'webp' };
const CONTENT_TYPE: Record<OutputFormat, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
};
// formats that are not resized (vector, or a container of several images): any size of them is the original
const NEVER_RESIZED = new Set(['svg', 'svgz', 'ico']);

/** Whether resized copies of an image at this path (or URL, without query) are made: the reference's `canTransformImage`. */
export function isResizable(path: string): boolean {
  return Object.hasOwn(FORMAT_OF_EXTENSION, extensionOf(path));
}
// at most this many variants are made at once; the rest wait their turn
const CONCURRENT_TRANSFORMS = 2;

export interface VariantPath {
  width: number;
  format: VariantFormat | null;
  /** The original's path in the store. */
  original: string;
}

/** `size/w600/2024/05/a.jpg` or `size/w600/format/webp/2024/05/a.jpg`; null for anything else. */
export function parseVariantPath(path: string): VariantPath | null {
  const match = /^size\/w(\d{1,5})\/(?:format\/([a-z]+)\/)?(.+)$/.exec(path);
  if (!match) return null;
  const format = match[2] ?? null;
  if (format !== null && !(VARIANT_FORMATS as readonly string[]).includes(format)) return null;
  const original = match[3];
  if (!isStorePath(original) || original.startsWith(`${VARIANT_ROOT}/`)) return null;
  return { width: Number(match[1]), format: format as VariantFormat | null, original };
}

/** Every path a variant of `original` can have, for deleting them with it. */
export function variantPaths(original: string, sizes: readonly number[]): string[] {
  return sizes.flatMap((w) => [`${VARIANT_ROOT}/w${w}/${original}`, ...VARIANT_FORMATS.map((f) => `${VARIANT_ROOT}/w${w}/format/${f}/${original}`)]);
}

/** Deletes an original and whatever variants were made of it (and its untouched `_o` copy); whether the original was there. */
export async function deleteImage(store: FileStore, original: string, sizes: readonly number[]): Promise<boolean> {
  const untouched = untouchedPath(original);
  await Promise.all([...variantPaths(original, sizes), ...(untouched ? [untouched] : [])].map((p) => store.delete(p)));
  return store.delete(original);
}

/** `a.jpg` → `a_o.jpg`: where an upload transformed on arrival keeps the file as sent. */
export function untouchedPath(original: string): string | null {
  const dot = original.lastIndexOf('.');
  const slash = original.lastIndexOf('/');
  if (dot <= slash + 1) return null;
  return `${original.slice(0, dot)}_o${original.slice(dot)}`;
}

type Transform = (input: Uint8Array, request: TransformRequest) => Promise<Uint8Array>;

let transformLoading: Promise<Transform | null> | undefined;

/** sharp, loaded once on first use; null where it cannot load (no native binary for this platform, an edge runtime). */
export function loadImageTransform(): Promise<Transform | null> {
  transformLoading ??= import('./image-transform').then(
    async (module) => ((await module.sharpAvailable()) ? module.transformImage : null),
    () => null,
  );
  return transformLoading;
}

/** A few at a time, in arrival order. */
class Queue {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly limit: number) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running++;
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next)
        next(); // the slot passes straight on
      else this.running--;
    }
  }
}

type Outcome = 'made' | 'original' | 'missing';

/** Answers `{imagesPath}/size/…`: a kept variant, a new one made once, or a redirect to the original. */
export class ImageVariants {
  private readonly queue = new Queue(CONCURRENT_TRANSFORMS);
  // one making per variant path: concurrent requests for it wait on the same promise
  private readonly making = new Map<string, Promise<Outcome>>();

  constructor(
    private readonly store: FileStore,
    private readonly imagesPath: string,
    private readonly options: ResolvedImageOptions,
  ) {}

  /** `relative` is the URL path after `{imagesPath}/`, still percent-encoded; null when it is not a variant's. */
  async serve(request: Pick<RequestHead, 'method' | 'headers'>, relative: string): Promise<Answer | null> {
    // other methods are refused by serveFile, before anything is made
    if (!relative.startsWith(`${VARIANT_ROOT}/`) || (request.method !== 'GET' && request.method !== 'HEAD')) return null;
    let decoded: string;
    try {
      decoded = relative.split('/').map(decodeURIComponent).join('/');
    } catch {
      throw notFound('File not found.');
    }
    const variant = parseVariantPath(decoded);
    // a file an editor uploaded into a folder named `size` is served like any other
    if (!variant) return null;
    const originalUrl = `${this.imagesPath}/${variant.original.split('/').map(encodeURIComponent).join('/')}`;
    const extension = extensionOf(variant.original);
    const source = FORMAT_OF_EXTENSION[extension];
    if (!this.options.sizes.includes(variant.width) || NEVER_RESIZED.has(extension) || !source) return redirect(originalUrl);

    const format: OutputFormat = variant.format ?? source;
    const contentType = CONTENT_TYPE[format];
    if (await this.store.exists(decoded)) return serveFile(request, this.store, relative, contentType);
    const outcome = await this.makeOnce(decoded, variant, format);
    if (outcome === 'missing') throw notFound('File not found.');
    if (outcome === 'original') return redirect(originalUrl);
    return serveFile(request, this.store, relative, contentType);
  }

  private makeOnce(path: string, variant: VariantPath, format: OutputFormat): Promise<Outcome> {
    let pending = this.making.get(path);
    if (!pending) {
      pending = this.queue.run(() => this.make(path, variant, format)).finally(() => this.making.delete(path));
      this.making.set(path, pending);
    }
    return pending;
  }

  private async make(path: string, variant: VariantPath, format: OutputFormat): Promise<Outcome> {
    // another request (or instance) may have finished it while this one waited in the queue
    if (await this.store.exists(path)) return 'made';
    const input = await this.readSource(variant.original);
    if (!input) return 'missing';
    const transform = await loadImageTransform();
    if (!transform) return 'original';
    let output: Uint8Array;
    try {
      output = await transform(input, { width: variant.width, format, maxInputPixels: this.options.maxInputPixels });
    } catch {
      // a decompression bomb, a truncated or undecodable file: visitors still get the image as uploaded
      return 'original';
    }
    try {
      // exclusive: of instances making it at once, the first one's copy stays and nobody replaces a file being read
      await this.store.save(path, output, { contentType: CONTENT_TYPE[format], exclusive: true });
    } catch (error) {
      if (!(error instanceof FileExistsError)) throw error;
    }
    return 'made';
  }

  /** The untouched upload when the upload was transformed on arrival, else the original. */
  private async readSource(original: string): Promise<Uint8Array | null> {
    const untouched = this.options.uploadTransform ? untouchedPath(original) : null;
    const file = (untouched ? await this.store.read(untouched) : null) ?? (await this.store.read(original));
    if (!file) return null;
    return new Uint8Array(await new Response(file.stream()).arrayBuffer());
  }
}

function redirect(location: string): Answer {
  // not for long: a variant refused today (sharp missing, a file too large) may be made after a restart with other options
  return bodiless(302, { location, 'cache-control': 'public, max-age=3600' });
}
