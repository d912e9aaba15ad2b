import { safeUrl } from '../url';

/**
 * The URL as written (the reference does not trim it), or null when following it could run script
 * (`javascript:` and the like): pressroom leaves such an attribute out, where the reference writes it.
 */
export function renderedUrl(url: string): string | null {
  if (url.trim() === '') return url;
  return safeUrl(url) === null ? null : url;
}
