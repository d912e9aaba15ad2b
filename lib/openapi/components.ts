import type { z } from 'zod';
import type { Api, Version } from '../core/context';
import { errorEnvelope } from '../http/error-schema';
import { adminPostSchema, contentPostSchema } from '../resources/posts/response';
import { adminPrimaryTagSchema, adminTagSchema, contentPrimaryTagSchema, contentTagSchema } from '../resources/tags/response';
import { authorSchema, role, userSchema } from '../resources/users/response';
import { contentSettingsSchema, settingEntrySchema, siteSchema } from '../resources/settings/response';
import { image } from '../resources/images/response';
import { theme } from '../resources/themes/response';
import { webhookSchema } from '../resources/webhooks/response';
import { apiKeySchema, integrationSchema } from '../resources/integrations/response';
import { pagination } from '../resources/shared/response';
import { previewPostSchema } from '../resources/previews/response';
import { revisionSchemaFor, revisionSummarySchema } from '../resources/revisions/response';

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
      ['Settings', contentSettingsSchema(version)],
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
    ['Setting', settingEntrySchema(version)],
    ['Image', image],
    ['Theme', theme],
    ['Webhook', webhookSchema(version)],
    ['Integration', integrationSchema(version)],
    ['ApiKey', apiKeySchema(version)],
    ['Revision', revisionSchemaFor(version)],
    ['RevisionSummary', revisionSummarySchema],
    ...shared,
  ];
}
