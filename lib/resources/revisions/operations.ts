import { notFound } from '../../core/errors';
import { sanitizeCaption } from '../../content';
import type { Actor } from '../../core/context';
import { assertCanWritePost } from '../../auth/permissions';
import type { PostType } from '../../storage/rows';
import type { PostWithRelations, RevisionWithAuthor, Stores } from '../../storage/storage';
import { editPost, parsePostInput, type PostChange, type PostWriteContext } from '../posts/operations';
import { recordRevision } from './record';

const label = (type: PostType) => (type === 'page' ? 'Page' : 'Post');

/** The post of `type` with this id, with its relations, if the actor may edit it (else 403); 404 when there is none. */
export async function editablePost(tx: Stores, type: PostType, id: string, actor: Actor, lock = false): Promise<PostWithRelations> {
  let state: PostWithRelations | null;
  if (lock) state = await tx.posts.lockWithRelations(id);
  else {
    const row = await tx.posts.findById(id, type, []);
    const relations = row && (await tx.posts.relations([id], { tags: true, authors: true }));
    state = row && relations && { row, tags: relations.tags.get(id) ?? [], authors: relations.authors.get(id) ?? [] };
  }
  if (!state || state.row.type !== type) throw notFound(`${label(type)} not found.`);
  assertCanWritePost(actor, state, null);
  return state;
}

export async function findRevision(tx: Stores, postId: string, revisionId: string): Promise<RevisionWithAuthor> {
  const revision = await tx.revisions.find(postId, revisionId);
  if (!revision) throw notFound('Revision not found.');
  return revision;
}

/**
 * Makes the post's title and content (body, feature image with its alt text and caption, custom excerpt) the revision's, as an edit by the actor (same checks, events and
 * read-model changes), recording a `restored` revision. Restoring what the post already holds still
 * moves `updated_at` on and records it.
 */
export async function restoreRevision(tx: Stores, ctx: PostWriteContext, postId: string, revision: RevisionWithAuthor): Promise<PostChange> {
  const { type, app, actor } = ctx;
  const state = await editablePost(tx, type, postId, actor, true);
  // the revision may have been dropped since it was read (the bound of revisions kept)
  await findRevision(tx, postId, revision.id);
  const input = parsePostInput(
    {
      title: revision.title,
      ...(revision.mobiledoc === null ? {} : { mobiledoc: revision.mobiledoc }),
      feature_image: revision.feature_image,
      custom_excerpt: revision.custom_excerpt,
      updated_at: state.row.updated_at.toISOString(),
    },
    type,
    ctx.version,
  );
  // a lexical revision is restored as lexical, and the feature image's alt text and caption as they were,
  // whatever the API version asking (writes of these are v5's)
  if (revision.lexical !== null) input.lexical = revision.lexical;
  input.feature_image_alt = revision.feature_image_alt;
  // through the allow-list again: a revision recorded before migration 021 took its post's caption, which a
  // Ghost import made before the allow-list existed may have kept as sent
  input.feature_image_caption = revision.feature_image_caption === null ? null : sanitizeCaption(revision.feature_image_caption);
  const change = await editPost(tx, { ...ctx, revision: 'restore' }, postId, input);
  if (change.after !== change.before) return change;
  const now = app.now();
  const before = state.row;
  const by = actor.kind === 'user' ? actor.user.id : actor.integrationId;
  const row = await tx.posts.update(
    postId,
    { updated_at: new Date(Math.max(now.getTime(), before.updated_at.getTime() + 1)), updated_by: by },
    undefined,
    undefined,
    before,
  );
  await recordRevision(tx, app.options.revisions, now, { id: by, type: actor.kind }, 'restore', before, row);
  return { before: state, after: { ...state, row } };
}

/** Gives the post a new uuid, so that every preview address made with the old one stops working. */
export async function rotatePreview(tx: Stores, type: PostType, postId: string, actor: Actor): Promise<PostChange> {
  const state = await editablePost(tx, type, postId, actor, true);
  const row = await tx.posts.update(postId, { uuid: crypto.randomUUID() }, undefined, undefined, state.row);
  return { before: state, after: { ...state, row } };
}
