import type { RevisionWithAuthor } from '../../storage/revision-rows';
import { adminDate } from '../shared/dates';
import type { Revision, RevisionSummary } from './response';

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

export function serializeRevision(row: RevisionWithAuthor): Revision {
  return {
    ...serializeRevisionSummary(row),
    mobiledoc: row.mobiledoc,
    lexical: row.lexical,
    html: row.html,
    feature_image: row.feature_image,
    custom_excerpt: row.custom_excerpt,
  };
}
