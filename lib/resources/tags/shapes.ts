import type { Api, Version } from '../../core/context';

/**
 * The shapes of a tag (contract §2.5, §2.10): `full` on its own, `nested` inside a post's `tags`,
 * `primary` a post's `primary_tag`. The serialiser (serialize.ts) and the response schemas
 * (response.ts) both follow these rules; fields.ts says which fields each API shows.
 */
export type TagShape = 'full' | 'nested' | 'primary';

interface Shaping {
  api: Api;
  version: Version;
}

/**
 * Whose fields a tag of this shape shows. A post's primary tag on the Content API v2 and v3 carries
 * the Admin API's (dates included); from v5 on every tag of an API is alike, as the reference's.
 */
export function tagView(ctx: Shaping, shape: TagShape): Api {
  return shape === 'primary' && ctx.version !== 'v5' ? 'admin' : ctx.api;
}

/** Whether a tag of this shape shows `parent` (its parent's id): a primary tag in v2, and on the Content API v3. */
export function showsParent(ctx: Shaping, shape: TagShape): boolean {
  return shape === 'primary' && (ctx.version === 'v2' || (ctx.version === 'v3' && ctx.api === 'content'));
}
