import type { AppContext } from '../../core/context';
import { FileExistsError } from '../../files/file-store';
import type { ImagePurpose } from '../../files/image-validate';
import { type ImageFormat, validateImage } from '../../files/image-validate';
import { UPLOAD_MAX_WIDTH } from '../../files/image-options';
import { loadImageTransform, untouchedPath } from '../../files/variants';
import type { UploadedFile } from '../../files/multipart';

// A file name longer than this is cut: file systems stop at 255 bytes, and room is left for `-123`.
const MAX_BASE_LENGTH = 180;
// After this many taken names in one month's folder, a random suffix ends the search.
const MAX_NUMBERED = 1000;

/** The reference's rule: the extension is kept, every other character outside [A-Za-z0-9_@.] becomes `-`. */
export function sanitizeFileName(filename: string): { base: string; extension: string } {
  const name = filename.slice(Math.max(filename.lastIndexOf('/'), filename.lastIndexOf('\\')) + 1);
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 ? name.slice(dot + 1) : '';
  const base = (dot > 0 ? name.slice(0, dot) : name).replace(/[^A-Za-z0-9_@.]/g, '-').slice(0, MAX_BASE_LENGTH);
  // a name of dots alone would be a path segment with a meaning
  return { base: /^\.*$/.test(base) ? 'image' : base, extension: extension.replace(/[^A-Za-z0-9]/g, '') };
}

function folderFor(now: Date): string {
  return `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
}

const TRANSFORMED: ReadonlySet<ImageFormat> = new Set(['jpeg', 'png', 'gif', 'webp']);

/**
 * With `images.uploadTransform`, what the reference stores for an upload: at most 2000 px wide, turned
 * upright, metadata stripped. Null when it is not transformed (the option is off, SVG/ICO, sharp missing,
 * a file too large to decode): then the upload is stored as sent.
 */
async function transformedUpload(app: AppContext, format: ImageFormat, data: Uint8Array): Promise<Uint8Array | null> {
  const { uploadTransform, maxInputPixels } = app.options.images;
  if (!uploadTransform || !TRANSFORMED.has(format)) return null;
  const transform = await loadImageTransform();
  if (!transform) return null;
  try {
    return await transform(data, { width: UPLOAD_MAX_WIDTH, format: format as 'jpeg' | 'png' | 'gif' | 'webp', maxInputPixels });
  } catch {
    return null;
  }
}

/**
 * Validates, then stores under `YYYY/MM/` at the first free `name.ext`, `name-1.ext`, `name-2.ext`…; returns the public URL.
 * A transformed upload keeps the file as sent beside it as `name_o.ext`, which variants are made from.
 */
export async function storeImage(app: AppContext, purpose: ImagePurpose, file: UploadedFile): Promise<string> {
  const image = validateImage(purpose, file.filename, file.mimeType, file.data);
  const transformed = await transformedUpload(app, image.format, image.data);
  const { base, extension } = sanitizeFileName(file.filename);
  const folder = folderFor(app.now());
  const store = app.options.files.images;
  for (let n = 0; n <= MAX_NUMBERED + 1; n++) {
    const suffix = n === 0 ? '' : n > MAX_NUMBERED ? `-${crypto.randomUUID().slice(0, 8)}` : `-${n}`;
    const name = `${base}${suffix}.${extension}`;
    // a cheap look first; only the exclusive save below decides
    if (n <= MAX_NUMBERED && (await store.exists(`${folder}/${name}`))) continue;
    try {
      // exclusive: of concurrent uploads with one name exactly one gets it, the others move on
      await store.save(`${folder}/${name}`, transformed ?? image.data, { contentType: image.contentType, exclusive: true });
      const untouched = transformed && untouchedPath(`${folder}/${name}`);
      if (untouched) await store.save(untouched, image.data, { contentType: image.contentType });
      return `${app.options.url}${app.options.imagesPath}/${folder}/${name}`;
    } catch (error) {
      if (!(error instanceof FileExistsError)) throw error;
    }
  }
  throw new Error('no free file name was found');
}
