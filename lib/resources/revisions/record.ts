import type { PostRow } from '../../storage/rows';
import type { RevisionReason, RevisionRow } from '../../storage/revision-rows';
import type { Stores } from '../../storage/storage';
import { objectId } from '../../util/ids';
import type { ResolvedRevisionOptions } from './options';

/** What the writer asked for: a `PUT` without `?save_revision=1` is an autosave; a restore is its own. */
export type RevisionIntent = 'autosave' | 'explicit' | 'restore';

export interface RevisionAuthor {
  id: string;
  type: 'user' | 'integration';
}

/** The reason a write records a revision for; a change of status names itself whatever was asked. */
function reasonOf(intent: RevisionIntent, before: PostRow | null, after: PostRow): RevisionReason {
  if (!before) return 'initial_revision';
  if (before.status !== after.status) {
    if (after.status === 'published') return 'published';
    if (after.status === 'scheduled') return 'scheduled';
    return 'unpublished';
  }
  if (intent === 'restore') return 'restored';
  return intent === 'explicit' ? 'explicit_save' : 'background_save';
}

/**
 * The parts of a post whose change makes a save worth a revision. The feature image's alt text and
 * caption are kept by every revision but, as the reference's post revisions decide, a change of them
 * alone records none.
 */
const COMPARED = ['title', 'mobiledoc', 'lexical', 'html', 'feature_image', 'custom_excerpt'] as const;

const sameContent = (revision: RevisionRow, post: PostRow) => COMPARED.every((key) => (revision[key] ?? null) === (post[key] ?? null));

/**
 * Records the revision a write of `after` calls for, in the writing transaction (the post is locked):
 * always on creation, a change of status and a restore; on an explicit save unless the newest revision
 * already holds this content; on an autosave only if, besides, this author recorded none of this post in
 * the last `autosaveIntervalMs`.
 */
export async function recordRevision(
  tx: Stores,
  options: ResolvedRevisionOptions,
  now: Date,
  author: RevisionAuthor,
  intent: RevisionIntent,
  before: PostRow | null,
  after: PostRow,
): Promise<void> {
  const reason = reasonOf(intent, before, after);
  if (reason === 'explicit_save' || reason === 'background_save') {
    const newest = await tx.revisions.latest(after.id);
    if (newest && sameContent(newest, after)) return;
    if (reason === 'background_save') {
      const own = newest?.author_id === author.id ? newest : await tx.revisions.latest(after.id, author.id);
      if (own && now.getTime() - own.created_at.getTime() < options.autosaveIntervalMs) return;
    }
  }
  await tx.revisions.record(
    {
      id: objectId(now),
      post_id: after.id,
      title: after.title,
      mobiledoc: after.mobiledoc,
      lexical: after.lexical,
      html: after.html,
      feature_image: after.feature_image,
      feature_image_alt: after.feature_image_alt,
      feature_image_caption: after.feature_image_caption,
      custom_excerpt: after.custom_excerpt,
      author_id: author.id,
      author_type: author.type,
      reason,
      created_at: now,
    },
    options.perPost,
  );
}
