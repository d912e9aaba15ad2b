/**
 * The Admin API's answers, as the service declares them: the types lib/ infers from the zod schemas its
 * OpenAPI documents are built from. Imported as types only — nothing of lib/ reaches the bundle.
 */
import type { Tag as AnyVersionTag } from '../../lib/resources/tags/response';

import type { Post as AnyVersionPost } from '../../lib/resources/posts/response';
export type { User, Role } from '../../lib/resources/users/response';
export type { Site, Setting } from '../../lib/resources/settings/response';
export type { Theme } from '../../lib/resources/themes/response';
export type { Webhook } from '../../lib/resources/webhooks/response';
export type { Integration, ApiKey } from '../../lib/resources/integrations/response';

/**
 * A post. The v5 Admin API shows a lexical post's body in `lexical` and `mobiledoc: null` (a mobiledoc
 * post the other way round); lib's type names `lexical` once lexical writes are served, so it is named here.
 */
export type Post = Omit<AnyVersionPost, 'mobiledoc' | 'lexical'> & { lexical?: string | null; mobiledoc?: string | null };

/** A tag (v3). lib's type spans both versions, which leaves the v3-only fields `unknown`: they are named again here. */
export type Tag = AnyVersionTag & { accent_color: string | null; canonical_url: string | null };
