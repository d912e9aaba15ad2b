import type { CardOptions } from './types';

/** Whether `src` is one of the site's own content images (absolute on the site, root-relative or `__GHOST_URL__`). */
export function isLocalContentImage(src: string, siteUrl = ''): boolean {
  const path = src.replace(siteUrl.replace(/\/$/, ''), '');
  return /^(\/.*|__GHOST_URL__)\/?content\/images\//.test(path);
}

/** The widths offered for an image `width` wide: each configured width up to it, plus its own when between them. */
export function availableWidths(width: number, widths: readonly number[]): number[] {
  const sorted = [...widths].sort((a, b) => a - b);
  const available = sorted.filter((w) => w <= width);
  if (width > available[available.length - 1] && width < sorted[sorted.length - 1]) available.push(width);
  return available;
}

/** The reference's srcset for a card image: resized copies of the site's images, or Unsplash's `w` parameter. */
export function srcsetFor(src: string, width: number, options: CardOptions): string | undefined {
  if (!options.imageWidths || options.imageWidths.length === 0 || !width) return undefined;
  const local = isLocalContentImage(src, options.siteUrl);
  if (local && options.canTransformImage && !options.canTransformImage(src)) return undefined;
  const widths = availableWidths(width, options.imageWidths);
  if (local) {
    const match = /(.*\/content\/images)\/(.*)/.exec(src);
    if (match) {
      const sources = widths.flatMap((w) => (w === width ? [`${src} ${w}w`] : w <= width ? [`${match[1]}/size/w${w}/${match[2]} ${w}w`] : []));
      if (sources.length > 0) return sources.join(', ');
    }
  }
  if (/images\.unsplash\.com/.test(src)) {
    let url: URL;
    try {
      url = new URL(src);
    } catch {
      return undefined;
    }
    return widths
      .map((w) => {
        url.searchParams.set('w', String(w));
        return `${url.href} ${w}w`;
      })
      .join(', ');
  }
  return undefined;
}
