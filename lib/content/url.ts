// Browsers ignore these anywhere in a URL's scheme (tabs/newlines) or around it (C0 controls, spaces),
// so `java\tscript:` and ` javascript:` still run; we strip a wider set before looking at the scheme.
const IGNORED_IN_SCHEME = /[\u0000-\u0020\u007f-\u00a0\u1680\u180e\u2000-\u200f\u2028\u2029\u202f\u205f\u3000\ufeff]/g;
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;
const BLOCKED = new Set(['javascript', 'vbscript', 'livescript', 'mocha']);
// Raster images only: an SVG data URL opened as a document can run script.
const SAFE_DATA = /^data:image\/(?:png|gif|jpe?g|webp|avif|bmp)[;,]/i;

function isSafe(url: string): boolean {
  const probe = url.replace(IGNORED_IN_SCHEME, '');
  const match = SCHEME.exec(probe);
  if (!match) return true; // relative, protocol-relative, fragment or query
  const scheme = match[1].toLowerCase();
  if (BLOCKED.has(scheme)) return false;
  if (scheme === 'data') return SAFE_DATA.test(probe);
  return true;
}

/** The URL trimmed, or null when following it could run script. */
export function safeUrl(url: unknown): string | null {
  if (typeof url !== 'string') return null;
  const trimmed = url.trim();
  if (trimmed === '' || !isSafe(trimmed)) return null;
  return trimmed;
}
