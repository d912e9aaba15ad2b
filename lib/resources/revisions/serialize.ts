import type { Version } from '../../core/context';
import type { RevisionWithAuthor } from '../../storage/revision-rows';
import { adminDate } from '../shared/dates';
import type { Revision, RevisionSummary, RevisionV5 } from './response';

export function serializeRevisionSummary(row: RevisionWithAuthor): RevisionSummary {
  return {
    id: row.id,
    post_id: row.post_id,
    title: row.title,
    reason: row.reason,
    created_at: adminDate(row.created_at)!,
    author: { id: row.author_id, name: row.author_name },
  };
}

/** A revision with its content; v5 shows the feature image's alt text and caption too (response.ts). */
export function serializeRevision(row: RevisionWithAuthor, version: Version): Revision | RevisionV5 {
  const revision: Revision = {
    ...serializeRevisionSummary(row),
    mobiledoc: row.mobiledoc,
    lexical: row.lexical,
    html: row.html,
    feature_image: row.feature_image,
    custom_excerpt: row.custom_excerpt,
  };
  if (version !== 'v5') return revision;
  return { ...revision, feature_image_alt: row.feature_image_alt, feature_image_caption: row.feature_image_caption };
}
