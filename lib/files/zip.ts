import { Inflate } from 'fflate';
import { isStorePath } from './file-store';

/**
 * Reads a zip archive held in memory, refusing anything unsafe before a single entry is inflated:
 * names that are absolute, climb with `..` or use backslashes, symlinks, encrypted or exotic entries,
 * too many entries, or more uncompressed bytes than allowed. fflate inflates; the central directory is
 * read here because fflate does not expose the attributes that mark symlinks. Inflation is fed in
 * small pieces and stopped as soon as an entry yields more than it declared, so an archive that lies
 * about its sizes cannot expand past the limit either.
 */

export interface ZipEntry {
  name: string;
  data: Uint8Array;
}

export interface ZipLimits {
  maxEntries: number;
  /** Largest total of uncompressed bytes. */
  maxBytes: number;
}

export interface ZipProblem {
  code: string;
  message: string;
  entry?: string;
}

export class ZipError extends Error {
  constructor(readonly problems: ZipProblem[]) {
    super(problems.map((p) => p.message).join(' '));
    this.name = 'ZipError';
  }
}

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const FLAG_ENCRYPTED = 0x1;
const STORED = 0;
const DEFLATED = 8;
const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;
// the output of one push is bounded by this times deflate's best ratio (~1032:1)
const INFLATE_PIECE = 4096;

interface DirectoryEntry {
  name: string;
  directory: boolean;
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

const u16 = (b: Uint8Array, at: number) => b[at] | (b[at + 1] << 8);
const u32 = (b: Uint8Array, at: number) => (b[at] | (b[at + 1] << 8) | (b[at + 2] << 16) | (b[at + 3] << 24)) >>> 0;

function corrupt(message: string): ZipError {
  return new ZipError([{ code: 'ZIP_UNREADABLE', message: `The zip file could not be read: ${message}` }]);
}

function findEnd(bytes: Uint8Array): number {
  // the end record is 22 bytes plus a comment of at most 65,535 bytes
  const last = bytes.length - 22;
  for (let at = last; at >= 0 && at >= last - 0xffff; at--) {
    if (u32(bytes, at) === END_OF_DIRECTORY && at + 22 + u16(bytes, at + 20) === bytes.length) return at;
  }
  for (let at = last; at >= 0 && at >= last - 0xffff; at--) if (u32(bytes, at) === END_OF_DIRECTORY) return at;
  return -1;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

function decodeName(raw: Uint8Array): string | null {
  try {
    // names without the UTF-8 flag are CP437 in theory, but ASCII or UTF-8 in every tool that matters
    return utf8.decode(raw);
  } catch {
    return null;
  }
}

function nameProblem(name: string): ZipProblem | null {
  const entry = name;
  if (name.startsWith('/') || /^[a-zA-Z]:/.test(name))
    return { code: 'ZIP_ABSOLUTE_PATH', message: `Entry ${JSON.stringify(name)} has an absolute path.`, entry };
  if (name.includes('\\')) return { code: 'ZIP_BACKSLASH', message: `Entry ${JSON.stringify(name)} contains a backslash.`, entry };
  const path = name.endsWith('/') ? name.slice(0, -1) : name;
  if (path.split('/').includes('..'))
    return { code: 'ZIP_PATH_TRAVERSAL', message: `Entry ${JSON.stringify(name)} points outside the theme with "..".`, entry };
  if (!isStorePath(path)) return { code: 'ZIP_INVALID_NAME', message: `Entry ${JSON.stringify(name)} is not a valid file name.`, entry };
  return null;
}

function readDirectory(bytes: Uint8Array, limits: ZipLimits): DirectoryEntry[] {
  const end = findEnd(bytes);
  if (end < 0) throw corrupt('it has no central directory.');
  const count = u16(bytes, end + 10);
  const size = u32(bytes, end + 12);
  const offset = u32(bytes, end + 16);
  if (u16(bytes, end + 4) !== 0 || u16(bytes, end + 6) !== 0 || u16(bytes, end + 8) !== count) throw corrupt('multi-part archives are not supported.');
  if (count === 0xffff || size === 0xffffffff || offset === 0xffffffff) throw corrupt('ZIP64 archives are not supported.');
  if (count > limits.maxEntries) {
    throw new ZipError([{ code: 'ZIP_TOO_MANY_ENTRIES', message: `The zip has ${count} entries; at most ${limits.maxEntries} are allowed.` }]);
  }
  if (offset + size > end) throw corrupt('its central directory lies outside the file.');

  const entries: DirectoryEntry[] = [];
  const problems: ZipProblem[] = [];
  let total = 0;
  let at = offset;
  for (let i = 0; i < count; i++) {
    if (at + 46 > end || u32(bytes, at) !== DIRECTORY_ENTRY) throw corrupt('its central directory is damaged.');
    const flags = u16(bytes, at + 8);
    const method = u16(bytes, at + 10);
    const nameLength = u16(bytes, at + 28);
    const next = at + 46 + nameLength + u16(bytes, at + 30) + u16(bytes, at + 32);
    if (next > end) throw corrupt('its central directory is damaged.');
    const name = decodeName(bytes.subarray(at + 46, at + 46 + nameLength));
    const entry: DirectoryEntry = {
      name: name ?? '',
      directory: name?.endsWith('/') ?? false,
      method,
      crc: u32(bytes, at + 16),
      compressedSize: u32(bytes, at + 20),
      size: u32(bytes, at + 24),
      localOffset: u32(bytes, at + 42),
    };
    const mode = u32(bytes, at + 38) >>> 16;
    at = next;

    const problem = name === null ? { code: 'ZIP_INVALID_NAME', message: `Entry ${i + 1} has a name that is not valid UTF-8.` } : nameProblem(name);
    if (problem) problems.push(problem);
    else if ((mode & S_IFMT) === S_IFLNK)
      problems.push({ code: 'ZIP_SYMLINK', message: `Entry ${JSON.stringify(name)} is a symbolic link.`, entry: entry.name });
    else if (flags & FLAG_ENCRYPTED) problems.push({ code: 'ZIP_ENCRYPTED', message: `Entry ${JSON.stringify(name)} is encrypted.`, entry: entry.name });
    else if (!entry.directory && method !== STORED && method !== DEFLATED) {
      problems.push({
        code: 'ZIP_UNSUPPORTED_COMPRESSION',
        message: `Entry ${JSON.stringify(name)} uses an unsupported compression method (${method}).`,
        entry: entry.name,
      });
    }
    total += entry.size;
    entries.push(entry);
  }
  if (total > limits.maxBytes) {
    problems.push({ code: 'ZIP_TOO_LARGE', message: `The zip expands to ${total} bytes; at most ${limits.maxBytes} are allowed.` });
  }
  problems.push(...layoutProblems(entries));
  if (problems.length) throw new ZipError(problems);
  return entries;
}

/** Two entries with one name, or a file that another entry treats as a folder, cannot both be written. */
function layoutProblems(entries: DirectoryEntry[]): ZipProblem[] {
  const problems: ZipProblem[] = [];
  const files = new Set<string>();
  const folders = new Set<string>();
  for (const entry of entries) {
    if (entry.directory) continue;
    if (files.has(entry.name))
      problems.push({ code: 'ZIP_DUPLICATE', message: `Entry ${JSON.stringify(entry.name)} appears more than once.`, entry: entry.name });
    files.add(entry.name);
    const parts = entry.name.split('/');
    for (let i = 1; i < parts.length; i++) folders.add(parts.slice(0, i).join('/'));
  }
  for (const name of files) {
    if (folders.has(name)) problems.push({ code: 'ZIP_DUPLICATE', message: `Entry ${JSON.stringify(name)} is both a file and a folder.`, entry: name });
  }
  return problems;
}

let crcTable: Uint32Array | null = null;

function crc32(data: Uint8Array): number {
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let crc = 0xffffffff;
  for (let i = 0; i < data.length; i++) crc = crcTable[(crc ^ data[i]) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function inflateEntry(compressed: Uint8Array, entry: DirectoryEntry): Uint8Array {
  const out = new Uint8Array(entry.size);
  let written = 0;
  const inflater = new Inflate((chunk) => {
    if (written + chunk.length > entry.size) throw corrupt(`entry ${JSON.stringify(entry.name)} is larger than it declares.`);
    out.set(chunk, written);
    written += chunk.length;
  });
  try {
    for (let at = 0; at < compressed.length; at += INFLATE_PIECE) {
      inflater.push(compressed.subarray(at, at + INFLATE_PIECE), at + INFLATE_PIECE >= compressed.length);
    }
    if (compressed.length === 0) inflater.push(compressed, true);
  } catch (error) {
    if (error instanceof ZipError) throw error;
    throw corrupt(`entry ${JSON.stringify(entry.name)} is damaged.`);
  }
  if (written !== entry.size) throw corrupt(`entry ${JSON.stringify(entry.name)} is smaller than it declares.`);
  return out;
}

function extract(bytes: Uint8Array, entry: DirectoryEntry): Uint8Array {
  const at = entry.localOffset;
  if (at + 30 > bytes.length || u32(bytes, at) !== LOCAL_HEADER) throw corrupt(`entry ${JSON.stringify(entry.name)} cannot be found.`);
  const start = at + 30 + u16(bytes, at + 26) + u16(bytes, at + 28);
  const compressed = bytes.subarray(start, start + entry.compressedSize);
  if (start + entry.compressedSize > bytes.length) throw corrupt(`entry ${JSON.stringify(entry.name)} is cut short.`);
  let data: Uint8Array;
  if (entry.method === STORED) {
    if (entry.compressedSize !== entry.size) throw corrupt(`entry ${JSON.stringify(entry.name)} has inconsistent sizes.`);
    data = compressed.slice();
  } else {
    data = inflateEntry(compressed, entry);
  }
  if (crc32(data) !== entry.crc) throw corrupt(`entry ${JSON.stringify(entry.name)} fails its checksum.`);
  return data;
}

/** The files of the archive (folders are implied by the names), or a ZipError listing every problem found. */
export function readZip(bytes: Uint8Array, limits: ZipLimits): ZipEntry[] {
  if (bytes.length < 22) throw corrupt('it is too short to be a zip.');
  const entries = readDirectory(bytes, limits);
  return entries.filter((entry) => !entry.directory).map((entry) => ({ name: entry.name, data: extract(bytes, entry) }));
}
