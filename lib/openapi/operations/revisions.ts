import type { PostType } from '../../storage/rows';
import { adminPostSchema } from '../../resources/posts/response';
import { previewLinkSchema, previewPostSchema } from '../../resources/previews/response';
import { revisionSchemaFor, revisionSummarySchema } from '../../resources/revisions/response';
import { listEnvelope } from '../../resources/shared/response';
import type { OperationTable } from '../spec';
import { title } from './helpers';

/** Revisions and previews of posts and pages (lib/resources/revisions, lib/resources/previews). */
function revisionOperations(type: PostType): OperationTable {
  const root = type === 'page' ? 'pages' : 'posts';
  const one = title(type);
  const who = `Whoever may edit the ${type} (others get 403).`;
  const invalidate = ['x-cache-invalidate'] as const;

  return {
    [`admin GET ${root}/:id/revisions/`]: () => ({
      operationId: `browse${one}Revisions`,
      summary: `Browse the revisions of a ${type}`,
      description: `Newest first, without their content. ${who}`,
      query: ['limit', 'page'],
      responses: { 200: { description: 'A page of revisions.', schema: listEnvelope('post_revisions', revisionSummarySchema, { browse: true }) } },
    }),
    [`admin GET ${root}/:id/revisions/:rid/`]: (v) => ({
      operationId: `read${one}Revision`,
      summary: `Read a revision of a ${type}`,
      description: `With its content. ${who}`,
      responses: { 200: { description: 'The revision.', schema: listEnvelope('post_revisions', revisionSchemaFor(v)) } },
    }),
    [`admin POST ${root}/:id/revisions/:rid/restore/`]: (v) => ({
      operationId: `restore${one}Revision`,
      summary: `Restore a revision of a ${type}`,
      description: `No body. The ${type}'s title and content become the revision's, as an edit (events and webhooks alike), and a \`restored\` revision is recorded. ${who}`,
      query: ['formats', 'fields'],
      responses: { 200: { description: `The ${type} as restored.`, schema: listEnvelope(root, adminPostSchema(v)), headers: [...invalidate] } },
    }),
    [`admin GET ${root}/:id/preview/`]: () => ({
      operationId: `read${one}PreviewLink`,
      summary: `Where to preview a ${type}`,
      description: `The \`previewUrl\` option with the ${type}'s uuid; without that option, the Content API preview with the content key of the site's first integration (none: without a key). ${who}`,
      responses: { 200: { description: 'The preview address.', schema: listEnvelope('previews', previewLinkSchema) } },
    }),
    [`admin POST ${root}/:id/preview/rotate/`]: (v) => ({
      operationId: `rotate${one}Preview`,
      summary: `Give a ${type} a new preview address`,
      description: `No body. A new \`uuid\`: previews by the old one answer 404 at once. ${who}`,
      query: ['formats', 'fields'],
      responses: { 200: { description: `The ${type} with its new uuid.`, schema: listEnvelope(root, adminPostSchema(v)), headers: [...invalidate] } },
    }),
    [`content GET ${root}/preview/:uuid/`]: (v) => ({
      operationId: `preview${one}`,
      summary: `Preview a ${type} of any status by its uuid`,
      description:
        'Drafts, scheduled and published alike, in the Content API shape; `published_at` is null for a draft never published. ' +
        'Answered with `Cache-Control: private, no-store` and `X-Robots-Tag: noindex`, read anew every time, never kept by caches.',
      query: ['include', 'fields', 'formats'],
      includes: ['tags', 'authors'],
      responses: {
        200: { description: `The ${type}.`, schema: listEnvelope(root, previewPostSchema(v)) },
      },
    }),
  };
}

export const revisionsOperations: OperationTable = { ...revisionOperations('post'), ...revisionOperations('page') };
