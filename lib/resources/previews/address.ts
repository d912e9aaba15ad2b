import { versionSegment, type AppContext, type Version } from '../../core/context';
import type { PostRow } from '../../storage/rows';
import type { Stores } from '../../storage/storage';
import { previewAddress } from './options';

/**
 * Where a post is previewed: the `previewUrl` template with its uuid (a page of the front end), or else
 * the Content API's preview with the content key of the site's first integration — content keys are meant
 * to be seen by browsers — or without a key when there is none (the answer is then 401 until one exists).
 */
export async function previewLink(app: AppContext, tx: Stores, version: Version, row: PostRow): Promise<string> {
  const own = previewAddress(app.options.previewUrl, row.uuid);
  if (own !== null) return own;
  const { rows } = await tx.integrations.browse({ limit: 1, offset: 0 });
  const [key] = rows.length ? await tx.integrations.apiKeys(rows[0].id, 'content') : [];
  const resource = row.type === 'page' ? 'pages' : 'posts';
  const address = `${app.options.adminUrl}/${app.options.name}/api/${versionSegment(version)}content/${resource}/preview/${row.uuid}/`;
  return key ? `${address}?key=${encodeURIComponent(key.secret)}` : address;
}
