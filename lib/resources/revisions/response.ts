import { z } from 'zod';
import type { Version } from '../../core/context';
import { adminTimestamp, nullableText, recordId } from '../shared/response';

/**
 * The revision shapes `serializeRevision` emits: a list shows who, why and when; a single revision (and
 * `include=post_revisions`) adds the content.
 */
const REASONS = ['initial_revision', 'explicit_save', 'background_save', 'published', 'unpublished', 'scheduled', 'restored'] as const;

const summary = {
  id: recordId,
  post_id: recordId,
  title: z.string(),
  reason: z.enum(REASONS),
  created_at: adminTimestamp,
  // null once the staff user or integration is gone
  author: z.object({ id: recordId, name: z.string().nullable() }).strict(),
};

export const revisionSummarySchema = z.object(summary).strict().meta({ description: 'A revision of a post or page, without its content.' });

const content = { mobiledoc: nullableText, lexical: nullableText, html: nullableText, feature_image: nullableText, custom_excerpt: nullableText };

/** A revision with its content as v2 and v3 show it. */
export const revisionSchema = z
  .object({ ...summary, ...content })
  .strict()
  .meta({ description: 'A revision of a post or page with its content.' });

/** v5 adds the feature image's alt text and caption as they were, as the reference's revisions carry them. */
export const revisionSchemaV5 = z
  .object({ ...summary, ...content, feature_image_alt: nullableText, feature_image_caption: nullableText })
  .strict()
  .meta({ description: 'A revision of a post or page with its content, and its feature image’s alt text and caption as they were.' });

export const revisionSchemaFor = (version: Version) => (version === 'v5' ? revisionSchemaV5 : revisionSchema);

export type RevisionSummary = z.infer<typeof revisionSummarySchema>;
export type Revision = z.infer<typeof revisionSchema>;
export type RevisionV5 = z.infer<typeof revisionSchemaV5>;
