import { imageSize } from 'image-size';
import type { ImageSize, ResponsiveImages } from '../content';
import { concatBytes } from '../util/bytes';
import { type FileStore, isStorePath } from './file-store';
import { extensionOf } from './media-types';
import { VARIANT_ROOT } from './variants';

// Width and height sit in a file's first bytes, after its EXIF block at most (64 KB in JPEG)
const HEAD_BYTES = 256 * 1024;
// sizes of files already looked at: stored names are never reused for other content
const REMEMBERED = 5000;
const RESIZED = new Set(['jpg', 'jpeg', 'png', 'gif', 'webp']);

async function readHead(stream: ReadableStream<Uint8Array>, limit: number): Promise<Uint8Array> {
  const reader = stream.getReader();
  const parts: Uint8Array[] = [];
  let total = 0;
  try {
    while (total < limit) {
      const { done, value } = await reader.read();
      if (done) break;
      parts.push(value);
      total += value.byteLength;
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
  return concatBytes(parts);
}

/** Width and height as shown: EXIF orientations 5–8 turn the picture a quarter. */
function displayedSize(bytes: Uint8Array): ImageSize | null {
  try {
    const size = imageSize(bytes);
    if (!size.width || !size.height) return null;
    const turned = size.orientation !== undefined && size.orientation >= 5 && size.orientation <= 8;
    return turned ? { width: size.height, height: size.width } : { width: size.width, height: size.height };
  } catch {
    return null;
  }
}

/** Finds the sizes of the site's own images that a post shows, for the renderer's `srcset`, `width` and `height`. */
export class ImageSizes {
  private readonly known = new Map<string, ImageSize | null>();
  private readonly prefixes: string[];

  constructor(
    private readonly store: FileStore,
    siteUrl: string,
    imagesPath: string,
    private readonly widths: readonly number[],
  ) {
    this.prefixes = [`${siteUrl}${imagesPath}/`, `${imagesPath}/`];
  }

  /** The store path of `src` and the URL prefix it was found under, when it is an original in this store. */
  private locate(src: string): { path: string; prefix: string } | null {
    const prefix = this.prefixes.find((p) => src.startsWith(p));
    if (!prefix) return null;
    const rest = src.slice(prefix.length);
    if (/[?#]/.test(rest)) return null;
    let path: string;
    try {
      path = rest.split('/').map(decodeURIComponent).join('/');
    } catch {
      return null;
    }
    if (!isStorePath(path) || path.startsWith(`${VARIANT_ROOT}/`)) return null;
    return { path, prefix };
  }

  private async sizeOfFile(path: string): Promise<ImageSize | null> {
    if (this.known.has(path)) return this.known.get(path)!;
    const file = await this.store.read(path);
    if (!file) return null; // not remembered: it may be uploaded later
    let size = displayedSize(await readHead(file.stream(), HEAD_BYTES));
    if (!size && file.size > HEAD_BYTES) size = displayedSize(await readHead(file.stream(), file.size));
    if (this.known.size >= REMEMBERED) this.known.delete(this.known.keys().next().value as string);
    this.known.set(path, size);
    return size;
  }

  /** What the renderer needs to know of `sources`; undefined when none of them is this site's. */
  async gather(sources: readonly string[]): Promise<ResponsiveImages | undefined> {
    const local = new Map<string, string>();
    for (const src of sources) {
      const found = this.locate(src);
      if (found) local.set(src, found.path);
    }
    if (local.size === 0) return undefined;
    const sizes = new Map<string, ImageSize>();
    await Promise.all(
      [...local].map(async ([src, path]) => {
        const size = await this.sizeOfFile(path).catch(() => null);
        if (size) sizes.set(src, size);
      }),
    );
    return {
      widths: this.widths,
      sizeOf: (src) => sizes.get(src),
      resizedUrl: (src, width) => {
        const found = this.locate(src);
        if (!found || !RESIZED.has(extensionOf(found.path))) return null;
        return `${found.prefix}${VARIANT_ROOT}/w${width}/${src.slice(found.prefix.length)}`;
      },
    };
  }
}
