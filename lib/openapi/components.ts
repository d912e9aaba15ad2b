import type { z } from 'zod';
import type { Api, Version } from '../core/context';
import { errorEnvelope } from '../http/error-schema';
import { adminPostSchema, contentPostSchema } from '../resources/posts/response';
import { adminPrimaryTagSchema, adminTagSchema, contentPrimaryTagSchema, contentTagSchema } from '../resources/tags/response';
import { authorSchema, role, userSchema } from '../resources/users/response';
import { siteSchema } from '../resources/site/response';
import { contentSettings, settingEntry } from '../resources/settings/response';
import { image } from '../resources/images/response';
import { theme } from '../resources/themes/response';
import { webhook } from '../resources/webhooks/response';
import { apiKey, integration } from '../resources/integrations/response';
import { pagination } from '../resources/shared/response';
import { previewPostSchema } from '../resources/previews/response';
import { revisionSchema, revisionSummarySchema } from '../resources/revisions/response';

/**
 * The named schemas of one document (`components.schemas`): the records of that API and version.
 * Wherever an operation's schema uses one of these zod schemas, the document refers to it by name.
 */
export function componentSchemas(api: Api, version: Version): [string, z.ZodType][] {
  const shared: [string, z.ZodType][] = [
    ['Pagination', pagination],
    ['ErrorEnvelope', errorEnvelope],
  ];
  if (api === 'content') {
    const tag = contentTagSchema(version);
    const primaryTag = contentPrimaryTagSchema(version);
    return [
      ['Post', contentPostSchema(version)],
      ['PreviewPost', previewPostSchema(version)],
      ['Tag', tag],
      // from v5 on a post's primary tag is an ordinary tag
      ...(primaryTag === tag ? [] : [['PrimaryTag', primaryTag] as [string, z.ZodType]]),
      ['Author', authorSchema(version)],
      ['Settings', contentSettings],
      ...shared,
    ];
  }
  const tag = adminTagSchema(version);
  const primaryTag = adminPrimaryTagSchema(version);
  return [
    ['Post', adminPostSchema(version)],
    ['Tag', tag],
    // from v3 on a post's primary tag is an ordinary tag
    ...(primaryTag === tag ? [] : [['PrimaryTag', primaryTag] as [string, z.ZodType]]),
    ['User', userSchema(version)],
    ['Role', role],
    ['Site', siteSchema(version)],
    ['Setting', settingEntry],
    ['Image', image],
    ['Theme', theme],
    ['Webhook', webhook],
    ['Integration', integration],
    ['ApiKey', apiKey],
    ['Revision', revisionSchema],
    ['RevisionSummary', revisionSummarySchema],
    ...shared,
  ];
}
