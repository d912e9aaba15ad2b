import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { readZip, ZipError } from '../../lib/files/zip';
import { td, te } from './fixtures';

const LIMITS = { maxEntries: 100, maxBytes: 1024 * 1024 };

function problemsOf(zip: Uint8Array, limits = LIMITS): string[] {
  try {
    readZip(zip, limits);
  } catch (error) {
    if (error instanceof ZipError) return error.problems.map((p) => p.code);
    throw error;
  }
  return [];
}

/** Rewrites the uncompressed size that the central directory declares for the first entry. */
function lieAboutSize(zip: Uint8Array, size: number): Uint8Array {
  const out = zip.slice();
  const view = new DataView(out.buffer);
  for (let at = 0; at < out.length - 4; at++) {
    if (view.getUint32(at, true) === 0x02014b50) {
      view.setUint32(at + 24, size, true);
      return out;
    }
  }
  throw new Error('no central directory entry');
}

describe('readZip', () => {
  it('reads stored and deflated entries, skipping folders', () => {
    const zip = zipSync({ 'a.txt': [te('hello'), { level: 0 }], dir: { 'b.txt': te('x'.repeat(5000)) } });
    const entries = readZip(zip, LIMITS);
    expect(entries.map((e) => [e.name, td(e.data).length])).toEqual([
      ['a.txt', 5],
      ['dir/b.txt', 5000],
    ]);
  });

  it('refuses path traversal, absolute paths and backslashes, listing each', () => {
    const zip = zipSync({ '../../evil.hbs': te('x'), '/etc/passwd': te('x'), 'a\\b.hbs': te('x'), 'C:/x.hbs': te('x'), 'ok.hbs': te('x') });
    expect(problemsOf(zip).sort()).toEqual(['ZIP_ABSOLUTE_PATH', 'ZIP_ABSOLUTE_PATH', 'ZIP_BACKSLASH', 'ZIP_PATH_TRAVERSAL']);
  });

  it('refuses a `..` hidden in the middle and empty segments', () => {
    expect(problemsOf(zipSync({ 'a/../../b': te('x') }))).toEqual(['ZIP_PATH_TRAVERSAL']);
    expect(problemsOf(zipSync({ 'a//b': te('x') }))).toEqual(['ZIP_INVALID_NAME']);
  });

  it('refuses symbolic links', () => {
    const zip = zipSync({
      'link.hbs': [te('/etc/passwd'), { os: 3, attrs: (0o120777 << 16) >>> 0 }],
      'file.hbs': [te('x'), { os: 3, attrs: (0o100644 << 16) >>> 0 }],
    });
    expect(problemsOf(zip)).toEqual(['ZIP_SYMLINK']);
  });

  it('refuses too many entries before reading them', () => {
    const files: Record<string, Uint8Array> = {};
    for (let i = 0; i < 101; i++) files[`f${i}`] = te('');
    expect(problemsOf(zipSync(files))).toEqual(['ZIP_TOO_MANY_ENTRIES']);
  });

  it('refuses an archive whose declared sizes pass the limit (a zip bomb) without inflating it', () => {
    const bomb = zipSync({ 'zeros.bin': new Uint8Array(2 * 1024 * 1024) });
    expect(bomb.length).toBeLessThan(10_000);
    expect(problemsOf(bomb)).toEqual(['ZIP_TOO_LARGE']);
  });

  it('stops inflating an entry that yields more than it declared', () => {
    const liar = lieAboutSize(zipSync({ 'zeros.bin': new Uint8Array(4 * 1024 * 1024) }), 10);
    expect(problemsOf(liar)).toEqual(['ZIP_UNREADABLE']);
  });

  it('notices corruption: bad checksum, truncation, not a zip at all', () => {
    const zip = zipSync({ 'a.txt': [te('hello world'), { level: 0 }] });
    const flipped = zip.slice();
    flipped[zip.indexOf(te('hello')[0], 30)] ^= 1;
    expect(problemsOf(flipped)).toEqual(['ZIP_UNREADABLE']);
    expect(problemsOf(zip.subarray(0, zip.length - 10))).toEqual(['ZIP_UNREADABLE']);
    expect(problemsOf(te('PK\u0003\u0004 but nothing else of a zip'))).toEqual(['ZIP_UNREADABLE']);
  });

  it('refuses a name used twice, or used as both file and folder', () => {
    expect(problemsOf(zipSync({ a: te('1'), 'a/b': te('2') }))).toEqual(['ZIP_DUPLICATE']);
  });
});
