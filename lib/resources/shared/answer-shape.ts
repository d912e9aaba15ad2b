import type { z } from 'zod';
import type { Api, Version } from '../../core/context';
import { adminDate, contentDate } from './dates';
import { shown, type AnswerShape, type FieldSpec } from './fields';
import { adminTimestamp, contentTimestamp, timestampFor } from './response';

/**
 * A record's answer and its schema from its field table, for records whose fields are plain columns,
 * timestamps and a few values made by name (webhooks, integrations, API keys). Posts have their own
 * (lib/resources/posts/serialize.ts: body formats, relations, a plan made once per request kind).
 */

type Timestamp<A extends Api> = A extends 'admin' ? typeof adminTimestamp : typeof contentTimestamp;

/** The zod shape `api` at `version` answers with: `computed` describes the values made by name. */
export function answerShape<T extends readonly FieldSpec[], A extends Api, V extends Version, C extends Record<string, z.ZodType>>(
  fields: T,
  api: A,
  version: V,
  computed: C,
): AnswerShape<T, A, V, Timestamp<A>, C> {
  const timestamp = timestampFor(api);
  const shape: Record<string, z.ZodType> = {};
  for (const field of fields) {
    if (!shown(field, api, version)) continue;
    if (field.computed) shape[field.name] = computed[field.name];
    else if (field.sql === 'timestamptz') shape[field.name] = field.nullable === api ? timestamp.nullable() : timestamp;
    else if (field.answer) shape[field.name] = field.answer;
  }
  return shape as AnswerShape<T, A, V, Timestamp<A>, C>;
}

/** A record as `api` at `version` shows it: its columns in the table's order, timestamps as that API writes them, computed values by name. */
export function answerValues(
  fields: readonly FieldSpec[],
  api: Api,
  version: Version,
  row: object,
  computed: Record<string, unknown> = {},
): Record<string, unknown> {
  const date = api === 'admin' ? adminDate : contentDate;
  const values = row as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const field of fields) {
    if (!shown(field, api, version)) continue;
    if (field.computed) {
      if (field.name in computed) out[field.name] = computed[field.name];
    } else out[field.name] = field.sql === 'timestamptz' ? date(values[field.name] as Date | null) : values[field.name];
  }
  return out;
}
