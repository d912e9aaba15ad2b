// The reference's "export with media": a zip holding one export .json and a content/images/… tree.
import { ApiError } from '../core/errors';
import { type ZipEntry, ZipError, readZip } from '../files/zip';

export interface Archive {
  json: Uint8Array;
  /** Image files by their path under content/images. */
  images: Map<string, Uint8Array>;
  /** Entries that are neither, reported as skipped. */
  others: string[];
}

const MAX_ENTRIES = 100_000;
const IMAGES = /^(?:.*\/)?content\/images\/(.+)$/;

export function isZip(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && (bytes[2] === 3 || bytes[2] === 5);
}

export function readArchive(bytes: Uint8Array, maxBytes: number): Archive {
  let entries: ZipEntry[];
  try {
    entries = readZip(bytes, { maxEntries: MAX_ENTRIES, maxBytes });
  } catch (error) {
    if (error instanceof ZipError) {
      throw new ApiError('UnsupportedMediaTypeError', 'The import zip cannot be used.', {
        context: error.problems
          .slice(0, 5)
          .map((p) => p.message)
          .join(' '),
        details: { errors: error.problems.slice(0, 100) },
        property: 'importfile',
      });
    }
    throw error;
  }
  const jsons = entries.filter((entry) => entry.name.toLowerCase().endsWith('.json') && !IMAGES.test(entry.name));
  if (jsons.length === 0) {
    throw new ApiError('ValidationError', 'This is not a Ghost export: the zip holds no export .json file.', { property: 'importfile' });
  }
  if (jsons.length !== 1) {
    throw new ApiError('ValidationError', `The import zip must hold exactly one export .json file; it holds ${jsons.length}.`, { property: 'importfile' });
  }
  const images = new Map<string, Uint8Array>();
  const others: string[] = [];
  for (const entry of entries) {
    if (entry === jsons[0]) continue;
    const image = IMAGES.exec(entry.name);
    if (image) images.set(image[1], entry.data);
    else others.push(entry.name);
  }
  return { json: jsons[0].data, images, others };
}
