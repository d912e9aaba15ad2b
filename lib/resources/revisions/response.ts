import { z } from 'zod';
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

export const revisionSchema = z
  .object({ ...summary, mobiledoc: nullableText, lexical: nullableText, html: nullableText, feature_image: nullableText, custom_excerpt: nullableText })
  .strict()
  .meta({ description: 'A revision of a post or page with its content.' });

export type RevisionSummary = z.infer<typeof revisionSummarySchema>;
export type Revision = z.infer<typeof revisionSchema>;
