import { tagInput } from '../../resources/tags/schema';
import { adminTagSchema, contentTagSchema } from '../../resources/tags/response';
import { listEnvelope } from '../../resources/shared/response';
import type { OperationTable } from '../spec';
import { jsonEnvelope, noContent } from './helpers';

const browseQuery = ['include', 'fields', 'filter', 'limit', 'page', 'order'] as const;
const readQuery = ['include', 'fields'] as const;
const includes = ['count.posts'];
const invalidate = ['x-cache-invalidate'] as const;

export const tagsOperations: OperationTable = {
  'admin GET tags/': (v) => ({
    operationId: 'browseTags',
    summary: 'Browse tags',
    query: [...browseQuery],
    includes,
    responses: { 200: { description: 'A page of tags.', schema: listEnvelope('tags', adminTagSchema(v), { browse: true }) } },
  }),
  'admin GET tags/:id/': (v) => ({
    operationId: 'readTag',
    summary: 'Read a tag by id',
    query: [...readQuery],
    includes,
    responses: { 200: { description: 'The tag.', schema: listEnvelope('tags', adminTagSchema(v)) } },
  }),
  'admin GET tags/slug/:slug/': (v) => ({
    operationId: 'readTagBySlug',
    summary: 'Read a tag by slug',
    query: [...readQuery],
    includes,
    responses: { 200: { description: 'The tag.', schema: listEnvelope('tags', adminTagSchema(v)) } },
  }),
  'admin POST tags/': (v) => ({
    operationId: 'addTag',
    summary: 'Add a tag',
    description: '`name` is required and must be unused. A name starting with `#` makes an internal tag.',
    query: ['fields'],
    body: jsonEnvelope('tags', tagInput.required({ name: true })),
    responses: { 201: { description: 'The new tag.', schema: listEnvelope('tags', adminTagSchema(v)), headers: ['location'] } },
  }),
  'admin PUT tags/:id/': (v) => ({
    operationId: 'editTag',
    summary: 'Edit a tag',
    query: ['fields'],
    body: jsonEnvelope('tags', tagInput),
    responses: { 200: { description: 'The tag as saved.', schema: listEnvelope('tags', adminTagSchema(v)), headers: [...invalidate] } },
  }),
  'admin DELETE tags/:id/': () => ({
    operationId: 'deleteTag',
    summary: 'Delete a tag',
    description: 'The tag is detached from its posts.',
    responses: { 204: { ...noContent('The tag is gone.'), headers: [...invalidate] } },
  }),
  'content GET tags/': (v) => ({
    operationId: 'browseTags',
    summary: 'Browse tags',
    description: 'Tags with at least one published post, internal tags included; `filter=visibility:public` leaves those out. Default order `name asc`.',
    query: [...browseQuery],
    includes,
    responses: { 200: { description: 'A page of tags.', schema: listEnvelope('tags', contentTagSchema(v), { browse: true }) } },
  }),
  'content GET tags/:id/': (v) => ({
    operationId: 'readTag',
    summary: 'Read a tag by id',
    query: [...readQuery],
    includes,
    responses: { 200: { description: 'The tag.', schema: listEnvelope('tags', contentTagSchema(v)) } },
  }),
  'content GET tags/slug/:slug/': (v) => ({
    operationId: 'readTagBySlug',
    summary: 'Read a tag by slug',
    query: [...readQuery],
    includes,
    responses: { 200: { description: 'The tag.', schema: listEnvelope('tags', contentTagSchema(v)) } },
  }),
};
