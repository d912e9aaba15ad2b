// Image and link addresses between sites. Ghost writes its own site's address as `__GHOST_URL__`
// (`__GHOST_URL__/content/images/2024/01/a.jpg`); an export from pressroom does the same, so that the
// file moves to any address.

export interface SiteAddress {
  /** The site's URL, no trailing slash. */
  url: string;
  /** The path images are served under, `/content/images` by default. */
  imagesPath: string;
}

const GHOST_URL = '__GHOST_URL__';
const GHOST_IMAGES = `${GHOST_URL}/content/images/`;

/** Replaces every occurrence without building a RegExp (the needles are fixed strings). */
function replaceAll(text: string, needle: string, replacement: string): string {
  return text.includes(needle) ? text.split(needle).join(replacement) : text;
}

/** This site's addresses in a text written as an export writes them. */
export function toPortable(text: string, site: SiteAddress): string {
  return replaceAll(replaceAll(text, `${site.url}${site.imagesPath}/`, GHOST_IMAGES), `${site.url}/`, `${GHOST_URL}/`);
}

/**
 * An export's addresses as this site's: `__GHOST_URL__`, and absolute addresses of the old site's
 * images that the import brings along (`images`: their paths under content/images).
 */
export function fromPortable(text: string, site: SiteAddress, images: ReadonlySet<string>): string {
  let out = replaceAll(replaceAll(text, GHOST_IMAGES, `${site.url}${site.imagesPath}/`), GHOST_URL, site.url);
  if (images.size > 0 && out.includes('/content/images/')) {
    out = out.replace(/https?:\/\/[^\s"'()<>\\]+?\/content\/images\/([^\s"'()<>?#\\]+)/g, (whole, path: string) =>
      images.has(path) ? `${site.url}${site.imagesPath}/${path}` : whole,
    );
  }
  return out;
}
