import type { AppContext } from '../../http/context';
import { FileExistsError } from '../../files/file-store';
import type { ImagePurpose } from '../../files/image-validate';
import { validateImage } from '../../files/image-validate';
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

/** Validates, then stores under `YYYY/MM/` at the first free `name.ext`, `name-1.ext`, `name-2.ext`…; returns the public URL. */
export async function storeImage(app: AppContext, purpose: ImagePurpose, file: UploadedFile): Promise<string> {
  const image = validateImage(purpose, file.filename, file.mimeType, file.data);
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
      await store.save(`${folder}/${name}`, image.data, { contentType: image.contentType, exclusive: true });
      return `${app.options.url}${app.options.imagesPath}/${folder}/${name}`;
    } catch (error) {
      if (!(error instanceof FileExistsError)) throw error;
    }
  }
  throw new Error('no free file name was found');
}
