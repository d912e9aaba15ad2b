import { takesLexical, type Version } from '../core/context';
import { validation } from '../core/errors';
import { list } from './query';

export type Format = 'html' | 'mobiledoc' | 'plaintext';
const FORMATS: readonly Format[] = ['html', 'mobiledoc', 'plaintext'];

export interface OutputOptions {
  include: ReadonlySet<string>;
  /** null → every field */
  fields: ReadonlySet<string> | null;
  formats: ReadonlySet<Format>;
}

/**
 * The output options a request names. `defaultInclude`: the relations shown when the request names
 * none; an explicit `include` replaces them (reference-behaviour §6: Admin `posts/?include=tags` has no
 * `authors`). From v5 `formats` may name `lexical` (the reference's documentation asks for
 * `formats=html,lexical`): it asks for the body's source as `mobiledoc` does, and the posts serialiser
 * shows both keys (lib/resources/posts/serialize.ts). That holds on every route of the version, as the
 * pipeline's check before a write (lib/http/pipeline.ts) takes it: a route stricter than that check
 * would refuse a write's answer after the write.
 */
export function outputOptions(
  ctx: { query: URLSearchParams; version: Version },
  defaultFormats: readonly Format[] = [],
  defaultInclude: readonly string[] = [],
): OutputOptions {
  const { query } = ctx;
  const lexical = takesLexical(ctx.version);
  const allowed: readonly string[] = lexical ? [...FORMATS, 'lexical'] : FORMATS;
  const formats = list(query, 'formats')?.map((format) => {
    if (!allowed.includes(format)) {
      throw validation(`Validation (isIn) failed for formats: '${format.slice(0, 50)}' is not one of ${allowed.join(', ')}.`, {
        property: 'formats',
      });
    }
    return format === 'lexical' ? 'mobiledoc' : format;
  });
  const fields = list(query, 'fields');
  const include = list(query, 'include');
  return {
    include: new Set(include && include.length ? include : defaultInclude),
    fields: fields && fields.length ? new Set(fields) : null,
    formats: new Set((formats && formats.length ? formats : defaultFormats) as Format[]),
  };
}

/**
 * Keeps the requested fields (unknown names are ignored; if none is known, everything stays)
 * plus the keys that `include` asked for.
 */
export function pickFields<T extends Record<string, unknown>>(record: T, fields: ReadonlySet<string> | null, keep: readonly string[] = []): Partial<T> {
  if (!fields) return record;
  const known = [...fields].filter((f) => f in record);
  if (known.length === 0) return record;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(record)) {
    if (fields.has(key) || keep.includes(key)) out[key] = record[key];
  }
  return out as Partial<T>;
}
