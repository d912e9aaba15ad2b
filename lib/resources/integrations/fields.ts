import { z } from 'zod';
import { nullableText, recordId } from '../shared/response';
import { defineFields } from '../shared/fields';

/**
 * The one declaration of an integration's fields and of its API keys' fields, in the order answers
 * show them: the `integrations` and `api_keys` columns (lib/storage/sql/auth.ts), the input schemas
 * (operations.ts, manage.ts), the serialisers (serialize.ts) and the response schemas, so the OpenAPI
 * documents (response.ts), all read them. The Admin API shows them only (reference-behaviour §5).
 */
export const INTEGRATION_FIELDS = defineFields([
  { name: 'id', stored: 'write', sql: 'text', show: { admin: 'v2' }, answer: recordId },
  { name: 'type', stored: 'write', sql: 'text', show: { admin: 'v2' }, answer: z.string() },
  { name: 'name', stored: 'write', sql: 'text', show: { admin: 'v2' }, answer: z.string(), write: { schema: z.string().trim().min(1).max(191) } },
  { name: 'slug', stored: 'write', sql: 'text', show: { admin: 'v2' }, answer: z.string() },
  {
    name: 'icon_image',
    stored: 'write',
    sql: 'text',
    show: { admin: 'v2' },
    answer: nullableText,
    write: {
      schema: z
        .string()
        .max(2000)
        .refine((v) => v.startsWith('/') || URL.canParse(v), 'must be a URL or a path')
        .nullable(),
    },
  },
  { name: 'description', stored: 'write', sql: 'text', show: { admin: 'v2' }, answer: nullableText, write: { schema: z.string().max(2000).nullable() } },
  { name: 'created_at', stored: 'write', sql: 'timestamptz', show: { admin: 'v2' } },
  { name: 'updated_at', stored: 'write', sql: 'timestamptz', show: { admin: 'v2' } },
  // with include=api_keys / include=webhooks, and always after creating (response.ts)
  { name: 'api_keys', computed: true, show: { admin: 'v2' } },
  { name: 'webhooks', computed: true, show: { admin: 'v2' } },
]);

export const API_KEY_FIELDS = defineFields([
  { name: 'id', stored: 'write', sql: 'text', show: { admin: 'v2' }, answer: recordId },
  { name: 'type', stored: 'write', sql: 'text', show: { admin: 'v2' }, answer: z.enum(['admin', 'content']) },
  // v5 shows an admin key's secret as `<id>:<secret>`, the key a client signs with, as the reference does
  { name: 'secret', stored: 'write', sql: 'text', computed: true, show: { admin: 'v2' } },
  { name: 'role_id', computed: true, show: { admin: 'v2' } },
  { name: 'integration_id', stored: 'write', sql: 'text', show: { admin: 'v2' }, answer: recordId },
  { name: 'user_id', computed: true, show: { admin: 'v2' } },
  { name: 'last_seen_at', stored: 'write', sql: 'timestamptz', nullable: 'admin', show: { admin: 'v2' } },
  { name: 'last_seen_version', computed: true, show: { admin: 'v2' } },
  { name: 'created_at', stored: 'write', sql: 'timestamptz', show: { admin: 'v2' } },
  { name: 'updated_at', stored: 'write', sql: 'timestamptz', show: { admin: 'v2' } },
]);
