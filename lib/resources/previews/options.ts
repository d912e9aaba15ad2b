/** Where a front end previews a post: `previewUrl` with `{uuid}` replaced. */
export function resolvePreviewUrl(value: string | undefined): string | null {
  if (value === undefined) return null;
  let url: URL | null = null;
  try {
    url = new URL(value.replace('{uuid}', '00000000-0000-4000-8000-000000000000'));
  } catch {
    // reported below
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || !value.includes('{uuid}')) {
    throw new TypeError(`pressroom: option previewUrl must be an absolute http(s) URL holding {uuid}, got ${JSON.stringify(value)}`);
  }
  return value;
}

/** The preview address of the post with this uuid, or null when no `previewUrl` is set. */
export function previewAddress(template: string | null, uuid: string): string | null {
  return template === null ? null : template.replaceAll('{uuid}', uuid);
}
