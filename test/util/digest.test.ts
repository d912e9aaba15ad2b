import { describe, expect, it } from 'vitest';
import { digest128 } from '../../lib/util/digest';
import { sha256Hex } from '../../lib/util/ids';

const utf8 = (text: string) => new TextEncoder().encode(text);

describe('digest128', () => {
  it('gives MurmurHash3 x86 128-bit (seed 0) as the reference implementation does', () => {
    // values printed by murmurhash3js-revisited 3.0.0's x86.hash128: whole 16-byte blocks, tails of
    // every length class, and multi-byte UTF-8
    const known: Record<string, string> = {
      '': '00000000000000000000000000000000',
      a: 'a794933c5556b01b5556b01b5556b01b',
      abcd: '96b6ccaa45afc62e45afc62e45afc62e',
      'hello, world': '8b21605cb9b98a1e93273a83eb5957c7',
      'The quick brown fox jumps over the lazy dog': '2f1583c3ecee2c675d7bf66ce5e91d2c',
      '0123456789abcdef': 'fb7d440936aed30a48ad1d9b572b3bfd',
      '0123456789abcdefg': '7f1f9836516b3876ac29c030f9d6f374',
      'ünïcödé ✓ 漢字': '0151553684a670eb85c048ade197db7b',
    };
    for (const [text, digest] of Object.entries(known)) expect(digest128(utf8(text)), text).toBe(digest);
  });

  it('reads a view at any offset of its buffer as just its own bytes', () => {
    const text = 'The quick brown fox jumps over the lazy dog';
    for (let offset = 0; offset < 8; offset++) {
      const padded = new Uint8Array(offset + 64).fill(0xff);
      padded.set(utf8(text), offset);
      expect(digest128(padded.subarray(offset, offset + text.length))).toBe('2f1583c3ecee2c675d7bf66ce5e91d2c');
    }
  });

  it('changes with any one byte flipped, and with the length', () => {
    const body = utf8(JSON.stringify({ posts: Array.from({ length: 40 }, (_, i) => ({ id: i, title: `Post ${i}` })) }));
    const original = digest128(body);
    const seen = new Set([original]);
    for (let i = 0; i < body.length; i++) {
      const changed = body.slice();
      changed[i] ^= 1;
      seen.add(digest128(changed));
    }
    expect(seen.size).toBe(body.length + 1);
    expect(digest128(body.subarray(0, body.length - 1))).not.toBe(original);
    const longer = new Uint8Array(body.length + 1);
    longer.set(body);
    expect(digest128(longer)).not.toBe(original);
  });
});

describe('sha256Hex', () => {
  it("equals WebCrypto's SHA-256, so session tokens hashed by earlier versions still match", async () => {
    for (const text of ['', 'a session token', 'ünïcödé ✓ 漢字', 'x'.repeat(1000)]) {
      const web = new Uint8Array(await crypto.subtle.digest('SHA-256', utf8(text)));
      expect(sha256Hex(text)).toBe([...web].map((b) => b.toString(16).padStart(2, '0')).join(''));
    }
  });
});
