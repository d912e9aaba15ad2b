import type { PostType } from '../../storage/rows';
import { postInputSchema } from '../../resources/posts/schema';
import { takesLexical } from '../../core/context';
import { adminPostSchema, contentPostSchema } from '../../resources/posts/response';
import { listEnvelope } from '../../resources/shared/response';
import type { OperationTable } from '../spec';
import { jsonEnvelope, noContent, title } from './helpers';

/** Posts and pages: the same operations, with `pages` as the envelope key (contract §2.4). */
function postOperations(type: PostType): OperationTable {
  const root = type === 'page' ? 'pages' : 'posts';
  const one = title(type);
  const many = title(root);
  const a = type === 'page' ? 'a page' : 'a post';
  const outputQuery = ['formats', 'fields'] as const;
  const readQuery = ['include', 'fields', 'formats'] as const;
  const browseQuery = [...readQuery, 'filter', 'limit', 'page', 'order'] as const;
  const invalidate = ['x-cache-invalidate'] as const;

  return {
    [`admin GET ${root}/`]: (v) => ({
      operationId: `browse${many}`,
      summary: `Browse ${root}`,
      description:
        'Every status. Default order: scheduled, then drafts, then published by `published_at desc`, then `updated_at desc`. Tags and authors are included unless `include` names which to show.',
      query: [...browseQuery, 'search'],
      includes: ['tags', 'authors', 'search.headline'],
      responses: { 200: { description: `A page of ${root}.`, schema: listEnvelope(root, adminPostSchema(v), { browse: true }) } },
    }),
    [`admin GET ${root}/:id/`]: (v) => ({
      operationId: `read${one}`,
      summary: `Read ${a} by id`,
      description: '`include=post_revisions` adds the revisions, newest first, with their content (for whoever may edit it; others get 403).',
      query: [...readQuery],
      includes: ['tags', 'authors', 'post_revisions'],
      responses: { 200: { description: `The ${type}.`, schema: listEnvelope(root, adminPostSchema(v)) } },
    }),
    [`admin GET ${root}/slug/:slug/`]: (v) => ({
      operationId: `read${one}BySlug`,
      summary: `Read ${a} by slug`,
      query: [...readQuery],
      includes: ['tags', 'authors'],
      responses: { 200: { description: `The ${type}.`, schema: listEnvelope(root, adminPostSchema(v)) } },
    }),
    [`admin POST ${root}/`]: (v) => ({
      operationId: `add${one}`,
      summary: `Add ${a}`,
      description:
        '`title` is required; every other field may be omitted. `tags` and `authors` take names/emails or objects; unmatched tags are created. ' +
        `With \`?source=html\`, \`html\` is converted to ${takesLexical(v) ? 'lexical' : 'mobiledoc'}.`,
      query: ['source', ...outputQuery],
      body: jsonEnvelope(root, postInputSchema(v).required({ title: true })),
      responses: {
        201: { description: `The new ${type}.`, schema: listEnvelope(root, adminPostSchema(v)), headers: ['location', ...invalidate] },
      },
    }),
    [`admin PUT ${root}/:id/`]: (v) => ({
      operationId: `edit${one}`,
      summary: `Edit ${a}`,
      description:
        '`updated_at` is required: the value last read. If the stored one differs, the edit is refused with 409 (`UPDATE_COLLISION`). `tags` and `authors` replace the whole set.',
      query: ['source', 'save_revision', ...outputQuery],
      body: jsonEnvelope(root, postInputSchema(v).required({ updated_at: true })),
      responses: { 200: { description: `The ${type} as saved.`, schema: listEnvelope(root, adminPostSchema(v)), headers: [...invalidate] } },
      errors: [409],
    }),
    [`admin DELETE ${root}/:id/`]: () => ({
      operationId: `delete${one}`,
      summary: `Delete ${a}`,
      responses: { 204: { ...noContent(`The ${type} is gone.`), headers: [...invalidate] } },
    }),
    [`content GET ${root}/`]: (v) => ({
      operationId: `browse${many}`,
      summary: `Browse published ${root}`,
      description: `Published ${root} only. Default order: ${type === 'page' ? '`title asc`' : '`published_at desc`'}. With \`filter=slug:[a,b]\` and no \`order\`, in that slug order.`,
      query: [...browseQuery, 'search'],
      includes: ['tags', 'authors', 'search.headline'],
      responses: { 200: { description: `A page of ${root}.`, schema: listEnvelope(root, contentPostSchema(v), { browse: true }) } },
    }),
    [`content GET ${root}/:id/`]: (v) => ({
      operationId: `read${one}`,
      summary: `Read a published ${type} by id`,
      query: [...readQuery],
      includes: ['tags', 'authors'],
      responses: { 200: { description: `The ${type}.`, schema: listEnvelope(root, contentPostSchema(v)) } },
    }),
    [`content GET ${root}/slug/:slug/`]: (v) => ({
      operationId: `read${one}BySlug`,
      summary: `Read a published ${type} by slug`,
      query: [...readQuery],
      includes: ['tags', 'authors'],
      responses: { 200: { description: `The ${type}.`, schema: listEnvelope(root, contentPostSchema(v)) } },
    }),
  };
}

export const postsOperations: OperationTable = { ...postOperations('post'), ...postOperations('page') };
