import { z } from 'zod';
import type { Api } from '../../core/context';

/**
 * Building blocks of the response schemas. Each resource's `response.ts` composes them into the exact
 * shapes its serialiser emits; the OpenAPI documents and the exported response types come from those.
 */

/** Admin API timestamps: ISO 8601 UTC with milliseconds and `Z` (contract §2.3). */
export const adminTimestamp = z.iso.datetime({ precision: 3 });

/** Content API timestamps carry an explicit `+00:00` offset (contract §2.10). */
export const contentTimestamp = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}\+00:00$/)
  .meta({ format: 'date-time' });

export const timestampFor = (api: Api) => (api === 'admin' ? adminTimestamp : contentTimestamp);

/** Record ids: 24 lower-case hexadecimal characters (reference-behaviour §2). */
export const recordId = z.string().regex(/^[0-9a-f]{24}$/);

export const nullableText = z.string().nullable();

/** Open Graph and Twitter card fields, as posts, v3 tags and settings carry them. */
export const socialFields = {
  og_image: nullableText,
  og_title: nullableText,
  og_description: nullableText,
  twitter_image: nullableText,
  twitter_title: nullableText,
  twitter_description: nullableText,
};

export const metaFields = { meta_title: nullableText, meta_description: nullableText };

/** A public URL the service builds from the site URL. */
export const siteUrl = z.url();

export const postCount = z.object({ posts: z.int().nonnegative() }).strict();

/** `meta.pagination` of browse responses (contract §2.2). */
export const pagination = z
  .object({
    page: z.int().min(1),
    limit: z.union([z.int().min(1), z.literal('all')]),
    pages: z.int().min(1),
    total: z.int().nonnegative(),
    next: z.int().min(2).nullable(),
    prev: z.int().min(1).nullable(),
  })
  .strict()
  .meta({ description: 'Where this page sits in the whole list; `limit` is the page size in effect, or `"all"` for `limit=all`.' });

export const browseMeta = z.object({ pagination }).strict();

/** `meta` of responses that carry it without pagination. */
export const emptyMeta = z.object({}).strict();

/** `{<root>: [item, …]}`, with `meta.pagination` for browse responses. */
export function listEnvelope<T extends z.ZodType>(root: string, item: T, options: { browse?: boolean; meta?: boolean } = {}) {
  const shape: Record<string, z.ZodType> = { [root]: z.array(item) };
  if (options.browse) shape.meta = browseMeta;
  else if (options.meta) shape.meta = emptyMeta;
  return z.object(shape).strict();
}
