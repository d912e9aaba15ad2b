import { versionSegment, type Version } from '../../core/context';

/** Public URLs of records, relative to the site URL (reference-behaviour §6). */
export const urls = {
  post(site: string, post: { status: string; slug: string; uuid: string }): string {
    return post.status === 'published' ? `${site}/${post.slug}/` : `${site}/p/${post.uuid}/`;
  },
  tag: (site: string, slug: string) => `${site}/tag/${slug}/`,
  author: (site: string, slug: string) => `${site}/author/${slug}/`,
};

/** Where a record is read back through the Admin API, for Location headers. */
export function adminLocation(adminUrl: string, name: string, version: Version, path: string): string {
  return `${adminUrl}/${name}/api/${versionSegment(version)}admin/${path}`;
}
