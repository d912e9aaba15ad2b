import { imageSize } from 'image-size';
import { ApiError, validation } from '../core/errors';
import { extensionOf } from './media-types';
import { sanitizeSvg } from './svg-sanitize';

export const PURPOSES = ['image', 'profile_image', 'icon'] as const;
export type ImagePurpose = (typeof PURPOSES)[number];
export type ImageFormat = 'jpeg' | 'png' | 'gif' | 'webp' | 'svg' | 'ico';

interface FormatRule {
  label: string;
  extensions: readonly string[];
  mimeTypes: readonly string[];
  /** The content type the file is served with. */
  contentType: string;
  /** Whether the bytes start the way this format's files do. */
  magic(data: Uint8Array): boolean;
}

const startsWith = (data: Uint8Array, bytes: readonly number[], at = 0) => bytes.every((b, i) => data[at + i] === b);
const ascii = (text: string) => Array.from(text, (c) => c.charCodeAt(0));

const FORMATS: Record<ImageFormat, FormatRule> = {
  jpeg: {
    label: 'JPEG',
    extensions: ['jpg', 'jpeg'],
    mimeTypes: ['image/jpeg', 'image/jpg', 'image/pjpeg'],
    contentType: 'image/jpeg',
    magic: (d) => startsWith(d, [0xff, 0xd8, 0xff]),
  },
  png: {
    label: 'PNG',
    extensions: ['png'],
    mimeTypes: ['image/png'],
    contentType: 'image/png',
    magic: (d) => startsWith(d, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  },
  gif: {
    label: 'GIF',
    extensions: ['gif'],
    mimeTypes: ['image/gif'],
    contentType: 'image/gif',
    magic: (d) => startsWith(d, ascii('GIF87a')) || startsWith(d, ascii('GIF89a')),
  },
  webp: {
    label: 'WebP',
    extensions: ['webp'],
    mimeTypes: ['image/webp'],
    contentType: 'image/webp',
    magic: (d) => startsWith(d, ascii('RIFF')) && startsWith(d, ascii('WEBP'), 8),
  },
  // SVG has no signature: whether the text is an SVG document is decided by parsing it (sanitizeSvg)
  svg: { label: 'SVG', extensions: ['svg'], mimeTypes: ['image/svg+xml'], contentType: 'image/svg+xml', magic: () => true },
  ico: {
    label: 'ICO',
    extensions: ['ico'],
    mimeTypes: ['image/x-icon', 'image/vnd.microsoft.icon', 'image/ico', 'image/icon'],
    contentType: 'image/x-icon',
    // reserved 0, type 1 (icon), at least one image
    magic: (d) => startsWith(d, [0, 0, 1, 0]) && d.length >= 6 && (d[4] | (d[5] << 8)) > 0,
  },
};

const ALLOWED: Record<ImagePurpose, readonly ImageFormat[]> = {
  image: ['jpeg', 'gif', 'png', 'svg', 'webp'],
  profile_image: ['jpeg', 'gif', 'png', 'svg', 'webp'],
  icon: ['ico', 'png'],
};

export const ICON_MIN_PX = 60;
export const ICON_MAX_PX = 1000;

export interface ValidImage {
  format: ImageFormat;
  contentType: string;
  /** What is stored: the upload unchanged, or the sanitised document for SVG. */
  data: Uint8Array;
}

const SUBJECT: Record<ImagePurpose, string> = { image: 'An image', profile_image: 'A profile image', icon: 'An icon' };

function unsupported(purpose: ImagePurpose, context: string): ApiError {
  const labels = ALLOWED[purpose].map((f) => FORMATS[f].label);
  const list = `${labels.slice(0, -1).join(', ')} or ${labels[labels.length - 1]}`;
  return new ApiError('UnsupportedMediaTypeError', `${SUBJECT[purpose]} must be a file of type ${list}.`, { context, property: 'file' });
}

/** The format that the extension, the declared MIME type and the content agree on, or a 415 saying which disagrees. */
function formatOf(purpose: ImagePurpose, filename: string, mimeType: string, data: Uint8Array): ImageFormat {
  const extension = extensionOf(filename);
  const format = ALLOWED[purpose].find((f) => FORMATS[f].extensions.includes(extension));
  if (!format) return failFormat(purpose, `Files ending in ${extension ? `.${extension}` : 'no extension'} are not accepted.`);
  const rule = FORMATS[format];
  if (!rule.mimeTypes.includes(mimeType.split(';')[0].trim())) {
    return failFormat(purpose, `The file was sent as ${mimeType || 'no type'}, which does not match a .${extension} file (${rule.mimeTypes[0]}).`);
  }
  if (!rule.magic(data)) return failFormat(purpose, `The content of the file is not ${rule.label}.`);
  return format;
}

function failFormat(purpose: ImagePurpose, context: string): never {
  throw unsupported(purpose, context);
}

function dimensions(data: Uint8Array): { width: number; height: number } | null {
  try {
    const size = imageSize(data);
    return Number.isFinite(size.width) && Number.isFinite(size.height) ? { width: size.width, height: size.height } : null;
  } catch {
    return null;
  }
}

function checkShape(purpose: ImagePurpose, format: ImageFormat, data: Uint8Array): void {
  if (purpose === 'image') return;
  const size = dimensions(data);
  if (!size) throw validation(`The ${FORMATS[format].label} file's dimensions could not be read.`, { property: 'file' });
  const seen = `The image is ${size.width}×${size.height} pixels.`;
  if (purpose === 'profile_image' && size.width !== size.height) {
    throw validation('Profile images must be square.', { property: 'file', context: seen });
  }
  if (purpose === 'icon' && (size.width !== size.height || size.width < ICON_MIN_PX || size.width > ICON_MAX_PX)) {
    throw validation(`Icons must be square and between ${ICON_MIN_PX} and ${ICON_MAX_PX} pixels wide.`, { property: 'file', context: seen });
  }
}

/** Checks an upload for its purpose (reference-behaviour §9) and returns what to store. */
export function validateImage(purpose: ImagePurpose, filename: string, mimeType: string, data: Uint8Array): ValidImage {
  const format = formatOf(purpose, filename, mimeType, data);
  let stored = data;
  if (format === 'svg') {
    const result = sanitizeSvg(data);
    if (!result.ok) throw unsupported(purpose, result.reason);
    stored = result.bytes;
  }
  checkShape(purpose, format, stored);
  return { format, contentType: FORMATS[format].contentType, data: stored };
}
