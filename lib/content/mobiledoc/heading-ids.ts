// Ghost changed its heading-id algorithm in 4.0 and keeps the old one for documents written before
// (their `ghostVersion` says so), so that existing in-page anchors keep working.

function legacyHeadingSlug(text: string): string {
  return text
    .replace(/[<>&"?]/g, '')
    .trim()
    .replace(/[^\w]/g, '-')
    .replace(/-{2,}/g, '-')
    .toLowerCase();
}

// JSON can carry unpaired surrogates ("\ud800"), which encodeURIComponent refuses with a URIError.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

// Deviation: Ghost 4+ deletes runs of two or more dashes ("a - b" → "ab"); we collapse them to one
// ("a-b"), which reads as intended and differs only for headings containing a spaced dash.
function headingSlug(text: string): string {
  const slug = text
    .trim()
    .toLowerCase()
    .replace(/[\][!"#$%&'()*+,./:;<=>?@\\^_{|}~`]/g, '')
    .replace(/\s+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^-|-$/g, '');
  return encodeURIComponent(slug.replace(LONE_SURROGATE, '\ufffd'));
}

function isLegacy(ghostVersion: string | undefined): boolean {
  if (!ghostVersion) return false;
  const major = Number.parseInt(ghostVersion, 10);
  return Number.isFinite(major) && major < 4;
}

/** Hands out heading ids unique within one rendered post: `intro`, `intro-1`, `intro-2`… */
export class HeadingIds {
  private readonly used = new Map<string, number>();
  private readonly slug: (text: string) => string;

  constructor(ghostVersion?: string) {
    this.slug = isLegacy(ghostVersion) ? legacyHeadingSlug : headingSlug;
  }

  /** Null when the text yields no id (e.g. an empty heading), so no `id` attribute is written. */
  next(text: string): string | null {
    const base = this.slug(text);
    if (base === '') return null;
    let count = this.used.get(base);
    if (count === undefined) {
      this.used.set(base, 0);
      return base;
    }
    let id: string;
    // A literal "intro-1" heading may already exist, so keep counting until the id is free.
    do {
      count++;
      id = `${base}-${count}`;
    } while (this.used.has(id));
    this.used.set(base, count);
    this.used.set(id, 0);
    return id;
  }
}
