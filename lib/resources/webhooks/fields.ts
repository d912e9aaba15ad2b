import { z } from 'zod';
import { VERSIONS } from '../../core/context';
import { EVENT_NAMES } from '../../events/names';
import { nullableText, recordId } from '../shared/response';
import { defineFields } from '../shared/fields';

/**
 * The one declaration of a webhook's fields, in the order answers show them: the `webhooks` columns
 * (lib/storage/sql/webhooks.ts), the input schema (schema.ts), the serialiser (serialize.ts) and the
 * response schemas, so the OpenAPI documents (response.ts), all read it. The Admin API shows webhooks
 * only (contract §2.9). Adding a field to a version's shape is one entry here plus its test.
 */
export const WEBHOOK_FIELDS = defineFields([
  { name: 'id', stored: 'write', sql: 'text', show: { admin: 'v2' }, answer: recordId },
  { name: 'event', stored: 'write', sql: 'text', show: { admin: 'v2' }, answer: z.enum(EVENT_NAMES), write: { schema: z.string().max(50) } },
  { name: 'target_url', stored: 'write', sql: 'text', show: { admin: 'v2' }, answer: z.string(), write: { schema: z.string().max(2000) } },
  { name: 'name', stored: 'write', sql: 'text', show: { admin: 'v2' }, answer: nullableText, write: { schema: z.string().max(191).nullable() } },
  {
    name: 'secret',
    stored: 'write',
    sql: 'text',
    show: { admin: 'v2' },
    answer: nullableText,
    write: { schema: z.string().max(191).nullable(), onCreate: true },
  },
  {
    name: 'api_version',
    stored: 'write',
    sql: 'text',
    show: { admin: 'v2' },
    answer: z.enum(VERSIONS).meta({ description: 'The API version deliveries are serialised with.' }),
    write: { schema: z.enum(VERSIONS) },
  },
  {
    name: 'integration_id',
    stored: 'write',
    sql: 'text',
    show: { admin: 'v2' },
    answer: recordId,
    write: { schema: z.string().max(24), onCreate: true },
  },
  // the reference's v5 webhooks have no status (its e2e snapshot admin/webhooks)
  { name: 'status', stored: 'write', sql: 'text', show: { admin: ['v2', 'v3'] }, answer: z.string().meta({ description: '`available`.' }) },
  { name: 'last_triggered_at', stored: 'write', sql: 'timestamptz', nullable: 'admin', show: { admin: 'v2' } },
  {
    name: 'last_triggered_status',
    stored: 'write',
    sql: 'text',
    show: { admin: 'v2' },
    answer: z.string().nullable().meta({ description: 'The HTTP status of the last delivery attempt, as text; null when none answered.' }),
  },
  { name: 'last_triggered_error', stored: 'write', sql: 'text', show: { admin: 'v2' }, answer: nullableText },
  { name: 'created_at', stored: 'write', sql: 'timestamptz', show: { admin: 'v2' } },
  { name: 'updated_at', stored: 'write', sql: 'timestamptz', show: { admin: 'v2' } },
]);
